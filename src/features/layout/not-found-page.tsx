import { Link } from '@tanstack/react-router'
import { m } from '~generated/paraglide/messages'
import { links } from '~/lib/navigation'
import { useLocale } from '~/lib/locale'
import { buttonStyles } from '~/ui/button'

/** The router's Not Found fallback, shown inside the layout. */
export function NotFoundPage() {
  // Rendered by the router outside any route component: follow language switches itself.
  useLocale()
  return (
    <section className="mx-auto grid max-w-lg place-items-center gap-4 px-6 py-16 text-center">
      <p aria-hidden="true" className="text-6xl font-semibold text-accent">
        404
      </p>
      <h1 className="text-2xl font-semibold">{m.notfound_title()}</h1>
      <p className="text-ink-muted">{m.notfound_text()}</p>
      <Link {...links.home} className={buttonStyles()}>
        {m.notfound_home()}
      </Link>
    </section>
  )
}

import {
  Link,
  useRouter,
  type LinkComponent,
  type LinkComponentProps,
  type NavigateOptions,
} from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { afterNextPaint } from '~/lib/idle'

/**
 * A link to a page (or another page of a list) whose drawing waits for the frame that shows
 * the tap: a router link draws the new page inside the click's task, so on a slow phone the
 * tap went unanswered while the page was drawn (opening a promotion: ~70 ms of script at 4x
 * CPU, `npm run bench:interactions`). Here the click only asks for the navigation; the router
 * navigates once that frame is painted. Everything else is the router's Link (its address,
 * preloading on intent, a click with a modifier key opening a tab).
 */
export const PageLink: LinkComponent<'a'> = (props) => {
  const router = useRouter()
  // Typed for its callers by LinkComponent; here one props object goes to the Link it wraps
  // and, its router options, to navigate.
  const linkProps = props as LinkComponentProps<'a'>
  const { onClick, to, from, params, search, hash, state, replace, resetScroll } = linkProps
  const options = { to, from, params, search, hash, state, replace, resetScroll }
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey
    if (event.defaultPrevented || modified || event.button !== 0) return
    event.preventDefault()
    afterNextPaint(() => void router.navigate(options as NavigateOptions))
  }
  return <Link {...linkProps} onClick={click} />
}

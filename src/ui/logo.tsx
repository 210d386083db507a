import { useId, useState } from 'react'

export const FALLBACK_LOGO = '/logo.svg'

/**
 * Our mark (public/logo.svg's shapes) drawn inline, for the loading views and the error page.
 * As an `<img>`, an SVG is a document of its own that the browser builds and lays out on the
 * page's main thread (a task of 15-35 ms while the app started, in the bench's traces) and
 * paints only once it has arrived; inline it is part of the page's first paint. index.html's
 * shell draws the same shapes (tests/ui/logo.test.tsx holds the three copies together).
 */
export function LogoMark({ className }: { className?: string }) {
  const gradient = useId()
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f5c542" />
          <stop offset="1" stopColor="#e0529c" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="30" fill={`url(#${gradient})`} />
      <path d="M20 42V22h12a8 8 0 0 1 0 16h-6v4z" fill="#0b1020" />
      <circle cx="44" cy="42" r="4" fill="#0b1020" />
    </svg>
  )
}

type LogoProps = { src?: string; alt: string; className?: string }

/**
 * The agency's logo, falling back to our own mark when the agency has none or its image
 * cannot load (a CDN down, offline): a broken-image icon never shows in the header.
 */
export function Logo({ src, alt, className = 'size-10' }: LogoProps) {
  const [failed, setFailed] = useState<string | undefined>()
  const url = src && src !== failed ? src : FALLBACK_LOGO
  return (
    <img
      src={url}
      alt={alt}
      className={`object-contain ${className}`}
      onError={() => setFailed(src)}
    />
  )
}

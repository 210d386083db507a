import { useState } from 'react'

export const FALLBACK_LOGO = '/logo.svg'

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

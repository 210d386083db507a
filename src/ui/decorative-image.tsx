import { useState, type ReactNode } from 'react'

type DecorativeImageProps = {
  /** No picture (undefined or empty): the fallback from the start. */
  src: string | undefined
  /** What stands in its place while there is no picture or once it fails to load. */
  fallback: ReactNode
  width: number
  height: number
  className: string
  decoding?: 'async'
  /** Lazy unless said otherwise: a picture the first screen shows is `eager`. */
  loading?: 'eager' | 'lazy'
  /** `high` for the picture that is likely the page's largest paint. */
  fetchPriority?: 'high'
}

/**
 * A decorative picture (alt "", its name is written beside it), lazy unless it is on the
 * first screen, and at a fixed size so nothing shifts while it loads, with a fallback when
 * there is none or it fails (a bank's logo, a game's picture).
 */
export function DecorativeImage({ src, fallback, loading = 'lazy', ...img }: DecorativeImageProps) {
  const [failed, setFailed] = useState(false)
  if (!src || failed) return fallback
  return <img src={src} alt="" loading={loading} {...img} onError={() => setFailed(true)} />
}

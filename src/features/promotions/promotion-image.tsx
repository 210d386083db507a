import { useState } from 'react'

/**
 * A promotion's banner in a fixed 2:1 box (the contract's banners are 640x320), so the page
 * does not move when it arrives; loaded lazily (below the fold on a phone) and replaced by a
 * plain placeholder when it fails. Decorative: the title is always written next to it.
 */
export function PromotionImage({ src, eager = false }: { src: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false)
  return (
    <div className="aspect-[2/1] w-full overflow-hidden rounded-xl bg-gradient-to-br from-surface-overlay to-surface-raised">
      {failed ? (
        <div
          aria-hidden="true"
          className="flex h-full items-center justify-center text-4xl text-ink-muted"
        >
          %
        </div>
      ) : (
        <img
          src={src}
          alt=""
          width={640}
          height={320}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(true)}
          className="h-full w-full object-cover"
        />
      )}
    </div>
  )
}

import type { LinkOptions } from '@tanstack/react-router'
import type { IconName } from './icon'

/** One entry of the side drawer (spec section 3: text, link, icon, optional children). */
export type MenuEntry = {
  /** Stable id: React key and test handle. */
  id: string
  /** Called at render time, so a language switch shows at once. */
  text: () => string
  /** A typed link from ~/lib/navigation. */
  link: LinkOptions
  icon: IconName
  children?: readonly MenuEntry[]
}

/** A group of entries; groups are separated by a divider. */
export type MenuGroup = readonly MenuEntry[]

import type { components } from '~generated/api/schema'
import type { IconName } from '~/ui/icon'

export type Social = components['schemas']['Social']

export type ContactLink = { id: keyof Social; name: string; icon: IconName; href: string }

/**
 * Spec order: Whatsapp, Line, Facebook, Telegram, Twitter. The names are brands, written the
 * same in every language, so they are data rather than messages.
 */
const CHANNELS: readonly Omit<ContactLink, 'href'>[] = [
  { id: 'whatsapp', name: 'WhatsApp', icon: 'phone' },
  { id: 'line', name: 'LINE', icon: 'bubble' },
  { id: 'facebook', name: 'Facebook', icon: 'thumb' },
  { id: 'telegram', name: 'Telegram', icon: 'send' },
  { id: 'twitter', name: 'Twitter', icon: 'bird' },
]

/** Only absolute http(s) URLs: the contract allows any URI or '' (javascript:, tel: ... are dropped). */
export function isHttpUrl(value: string): boolean {
  // An agency leaves the channels it does not use empty: no URL to parse, and no exception
  // thrown and caught for each of them.
  if (value === '') return false
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** The agency's contact channels that can be shown, in spec order. */
export function contactLinks(social: Social): ContactLink[] {
  return CHANNELS.flatMap((channel) => {
    const href = social[channel.id].trim()
    return isHttpUrl(href) ? [{ ...channel, href }] : []
  })
}

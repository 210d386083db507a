import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { contactLinks, isHttpUrl, type Social } from '~/features/layout/contact-links'
import { ContactDrawer } from '~/features/layout/contact-drawer'
import { ContactMenu } from '~/features/layout/contact-menu'

const social: Social = {
  telegram: 'https://t.me/champa',
  whatsapp: 'javascript:alert(1)',
  facebook: 'http://facebook.com/champa',
  twitter: '',
  line: 'tel:+85620555',
}

describe('contactLinks', () => {
  it('keeps only http(s) URLs, in the spec order', () => {
    expect(contactLinks(social).map((link) => [link.id, link.href])).toEqual([
      ['facebook', 'http://facebook.com/champa'],
      ['telegram', 'https://t.me/champa'],
    ])
  })

  it.each([
    ['https://wa.me/1', true],
    ['HTTP://EXAMPLE.TEST', true],
    ['//example.test', false],
    ['ftp://example.test', false],
    ['data:text/html,hi', false],
    ['not a url', false],
  ])('isHttpUrl(%j) is %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected)
  })
})

describe('ContactMenu (desktop dropdown)', () => {
  it('lists only http(s) links, each opening a new tab without opener or referrer', async () => {
    const user = userEvent.setup()
    render(<ContactMenu links={contactLinks(social)} onOpenDrawer={vi.fn()} />)
    // Both triggers are in the DOM (CSS shows one per width); the dropdown has visible text.
    await user.click(screen.getByRole('button', { name: m.nav_contact(), expanded: false }))
    const menu = await screen.findByRole('menu', { name: m.nav_contact() })
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      'http://facebook.com/champa',
      'https://t.me/champa',
    ])
    for (const item of items) {
      expect(item).toHaveAttribute('target', '_blank')
      expect(item).toHaveAttribute('rel', 'noopener noreferrer')
    }
    expect(within(menu).queryByText('WhatsApp')).not.toBeInTheDocument()
  })
})

describe('ContactDrawer (small screens)', () => {
  it('lists the links and has a close button', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    render(<ContactDrawer links={contactLinks(social)} isOpen onOpenChange={onOpenChange} />)
    const dialog = screen.getByRole('dialog', { name: m.nav_contact() })
    const links = within(dialog).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'http://facebook.com/champa',
      'https://t.me/champa',
    ])
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer')
    expect(links[0]).toHaveAccessibleName(`Facebook ${m.a11y_opens_new_tab()}`)
    await user.click(within(dialog).getByRole('button', { name: m.layout_close() }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('says so when the agency has no usable link', () => {
    render(<ContactDrawer links={[]} isOpen onOpenChange={vi.fn()} />)
    expect(screen.getByText(m.contact_empty())).toBeInTheDocument()
  })

  it('says it is loading while agency info is on its way', () => {
    render(<ContactDrawer links={undefined} isOpen onOpenChange={vi.fn()} />)
    expect(screen.getByRole('status')).toHaveTextContent(m.layout_loading())
    expect(screen.queryByText(m.contact_empty())).not.toBeInTheDocument()
  })
})

import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { useDocumentMeta } from '~/features/agency/document-meta'
import { changeLocale, locales } from '~/lib/locale'

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content

describe('useDocumentMeta', () => {
  afterEach(() => act(() => changeLocale('lo')))

  it('names the agency in the title and the description, in every language', () => {
    const { rerender } = renderHook(({ name }) => useDocumentMeta(name), {
      initialProps: { name: 'Champa Club' },
    })
    for (const locale of locales) {
      act(() => changeLocale(locale))
      expect(document.title).toBe(m.agency_meta_title({ name: 'Champa Club' }, { locale }))
      expect(document.title).toContain('Champa Club')
      expect(description()).toBe(m.agency_meta_description({ name: 'Champa Club' }, { locale }))
    }
    expect(
      new Set(locales.map((locale) => m.agency_meta_title({ name: 'x' }, { locale }))).size,
    ).toBe(locales.length)
    rerender({ name: 'Mekong Play' })
    expect(document.title).toContain('Mekong Play')
    expect(document.title).not.toBe('Player')
  })
})

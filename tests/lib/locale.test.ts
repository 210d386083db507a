import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { applyDocumentLanguage, changeLocale, getLocale, toBcp47, useLocale } from '~/lib/locale'

const KEY = 'i18nextLng'

afterEach(() => {
  // tests/setup clears localStorage; put <html lang> back for the next test too.
  applyDocumentLanguage('lo')
})

describe('language persistence', () => {
  it('changeLocale stores the choice under i18nextLng and sets <html lang>', () => {
    changeLocale('th')
    expect(localStorage.getItem(KEY)).toBe('th')
    expect(document.documentElement.lang).toBe('th')
    expect(m.nav_deposit()).toBe(m.nav_deposit({}, { locale: 'th' }))

    changeLocale('cn')
    expect(localStorage.getItem(KEY)).toBe('cn')
    expect(document.documentElement.lang).toBe('zh-CN')
  })

  it('restores a stored choice', () => {
    localStorage.setItem(KEY, 'vn')
    expect(getLocale()).toBe('vn')
    applyDocumentLanguage()
    expect(document.documentElement.lang).toBe('vi')
  })

  it.each(['xx', 'en-US', 'zh-CN', ''])(
    'falls back to lo for an unknown stored value %j',
    (stored) => {
      localStorage.setItem(KEY, stored)
      expect(getLocale()).toBe('lo')
      expect(m.nav_deposit()).toBe(m.nav_deposit({}, { locale: 'lo' }))
    },
  )

  it('ignores an unknown locale id', () => {
    changeLocale('vn')
    changeLocale('fr')
    expect(getLocale()).toBe('vn')
    expect(localStorage.getItem(KEY)).toBe('vn')
  })

  it('maps our ids to BCP-47', () => {
    expect(['lo', 'cn', 'vn', 'th'].map((id) => toBcp47(id as 'lo'))).toEqual([
      'lo',
      'zh-CN',
      'vi',
      'th',
    ])
  })
})

describe('useLocale', () => {
  it('re-renders its component on a switch', () => {
    const { result } = renderHook(() => useLocale())
    expect(result.current).toBe('lo')
    act(() => changeLocale('th'))
    expect(result.current).toBe('th')
  })

  it('follows a switch made in another tab', () => {
    const { result } = renderHook(() => useLocale())
    act(() => {
      localStorage.setItem(KEY, 'cn')
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: 'cn' }))
    })
    expect(result.current).toBe('cn')
    expect(document.documentElement.lang).toBe('zh-CN')
  })
})

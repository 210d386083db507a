import { readFileSync } from 'node:fs'

/** The site's languages, Lao first (the base locale). */
export const LOCALES = ['lo', 'cn', 'vn', 'th'] as const
export type MessageLocale = (typeof LOCALES)[number]

/** messages/<locale>.json as written, without its `$schema` line. */
export function readMessages(locale: MessageLocale): Record<string, string> {
  const raw = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, string>
  return Object.fromEntries(Object.entries(raw).filter(([key]) => key !== '$schema'))
}

type PerLocale<T> = Record<MessageLocale, T>

export type Concept = {
  id: string
  en: string
  terms: PerLocale<string | null>
  forbidden: PerLocale<string[]>
  note: string
}

export type Glossary = {
  concepts: Concept[]
  punctuation: { sentences: string[] }
}

/** messages/glossary/glossary.json: one term per concept and language, and the variants it replaces. */
export const glossary = JSON.parse(
  readFileSync('messages/glossary/glossary.json', 'utf8'),
) as Glossary

/** A glossary pattern as the tests match it: case-insensitive, Unicode-aware. */
export const pattern = (source: string) => new RegExp(source, 'iu')

// The page states its language before react-aria's modules are evaluated: <html lang>, and
// react-aria's own key for it, which its module reads as it is evaluated instead of asking
// Intl for the browser's locale list (patches/README.md). Paraglide
// resolves the stored choice (an unknown value falls back to lo and is overwritten), so both
// are right before the first paint. Imported by main.tsx before anything that imports
// react-aria; a switch of language states the new one (src/lib/locale.ts).
import { applyDocumentLanguage } from '~/lib/locale'

applyDocumentLanguage()

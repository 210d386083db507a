// Loaded only with an open order (React.lazy in open-order.tsx): the QR encoder stays out of
// every other page's first load.
import { QRCodeSVG } from 'qrcode.react'
import { useRef, useState } from 'react'
import { m } from '~generated/paraglide/messages'
import { Button } from '~/ui/button'
import { showToast } from '~/ui/toast'
import { saveQrAsPng } from './qr-image'

/** Rendered size in CSS pixels; the placeholder while this module loads has the same size. */
export const QR_SIZE = 224

type DepositQrProps = {
  /** The contract's EMVCo (Lao QR) payload, rendered as it is. */
  payload: string
  /** Accessible name: what the QR pays, formatted. */
  label: string
  /** File name of the saved image. */
  fileName: string
}

/** The order's Lao QR, scannable (quiet zone of 4 modules, black on white) and savable as PNG. */
export default function DepositQr({ payload, label, fileName }: DepositQrProps) {
  const svg = useRef<SVGSVGElement>(null)
  const [saving, setSaving] = useState(false)

  const save = async () => {
    if (!svg.current) return
    setSaving(true)
    try {
      await saveQrAsPng(svg.current, fileName)
    } catch {
      showToast({ title: m.deposit_qr_save_failed(), tone: 'error' })
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="rounded-xl bg-white p-2">
        <QRCodeSVG
          ref={svg}
          value={payload}
          size={QR_SIZE}
          level="M"
          marginSize={4}
          bgColor="#ffffff"
          fgColor="#000000"
          title={label}
        />
      </div>
      <Button variant="secondary" onPress={() => void save()} isLoading={saving}>
        {m.deposit_qr_save()}
      </Button>
      <p className="max-w-64 text-center text-sm text-ink-muted">{m.deposit_qr_save_hint()}</p>
    </div>
  )
}

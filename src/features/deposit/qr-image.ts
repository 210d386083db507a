/** Pixels per side of the saved image: big enough for a bank app to read from the gallery. */
const SAVED_SIZE = 720

/**
 * Saves the rendered QR (an SVG) as a PNG file: players pay from their bank app's gallery.
 * The SVG is drawn onto a canvas at a larger size (vector, so the modules stay sharp) on a
 * white ground, which scanners need.
 */
export async function saveQrAsPng(svg: SVGSVGElement, fileName: string): Promise<void> {
  const xml = new XMLSerializer().serializeToString(svg)
  const image = new Image()
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = SAVED_SIZE
  canvas.height = SAVED_SIZE
  const context = canvas.getContext('2d')
  if (!context) throw new Error('canvas 2d context unavailable')
  context.imageSmoothingEnabled = false
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, SAVED_SIZE, SAVED_SIZE)
  context.drawImage(image, 0, 0, SAVED_SIZE, SAVED_SIZE)
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
  if (!blob) throw new Error('PNG encoding failed')
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // The download has started from the object URL; free it once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

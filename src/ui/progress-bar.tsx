import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components'

type ProgressBarProps = {
  label: string
  /** 0 to 100. */
  percent: number
  /** What a screen reader says and the player reads beside the label ("฿211,20 / ฿528,00"). */
  valueLabel: string
}

/**
 * A determinate progress bar (react-aria: role progressbar with aria-valuenow and the given
 * aria-valuetext, so the figures are announced, not only a percent). Fixed height: nothing
 * moves when the value changes.
 */
export function ProgressBar({ label, percent, valueLabel }: ProgressBarProps) {
  return (
    <AriaProgressBar value={percent} valueLabel={valueLabel} className="flex flex-col gap-1.5">
      {({ percentage = 0 }) => (
        <>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <Label className="font-medium text-ink">{label}</Label>
            <span className="text-ink-muted tabular-nums">{valueLabel}</span>
          </div>
          <div className="h-2.5 overflow-hidden rounded-full bg-surface-overlay">
            <div
              className="h-full rounded-full bg-gradient-to-r from-accent to-accent-2"
              style={{ width: `${percentage}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  )
}

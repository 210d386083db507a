// The diff report as Markdown (a pull-request comment) and as terminal lines.
import type { Change, DiffReport } from './diff-model'

const md = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function affectsText(c: Change, limit = 6): string {
  const ids = [
    ...new Set(
      c.affects.map((a) => `${a.operationId}${a.direction === 'request' ? ' (request)' : ''}`),
    ),
  ]
  if (!ids.length) return ''
  const shown = ids.slice(0, limit).join(', ')
  return ids.length > limit ? `${shown} +${ids.length - limit} more` : shown
}

export function markdownDiff(r: DiffReport): string {
  const out: string[] = []
  const { breaking, nonBreaking } = r.summary
  out.push(
    `## Contract diff: ${breaking ? `${breaking} breaking change${breaking === 1 ? '' : 's'} for the site` : 'nothing breaking for the site'}`,
  )
  out.push('')
  out.push(
    `Base \`${r.base.label}\` -> head \`${r.head.label}\`: ${breaking} breaking, ${nonBreaking} not breaking. Engine: ${r.engine}.`,
  )
  out.push('')
  const table = (list: Change[]) => {
    out.push('| Where | Change | Rule | Affects |')
    out.push('| --- | --- | --- | --- |')
    for (const c of list) {
      out.push(
        `| ${md(c.where)}${c.component ? ` (in \`${c.component.replace('#/components/', '')}\`)` : ''} | ${md(c.message)} | \`${c.rule}\` | ${md(affectsText(c))} |`,
      )
    }
    out.push('')
  }
  const breakingList = r.changes.filter((c) => c.breaking)
  const screens = Object.entries(r.site?.breaks ?? {})
  if (screens.length) {
    out.push('### Screens of the site these breaking changes reach', '')
    out.push('| Screen | Operations it calls |', '| --- | --- |')
    for (const [screen, ids] of screens) {
      out.push(`| ${md(screen)} | ${ids.map((id) => `\`${id}\``).join(', ')} |`)
    }
    out.push('', `Where the site calls them: ${r.site!.source}.`, '')
  } else if (breakingList.length && r.site) {
    out.push(`No screen of the site calls the affected operations (${r.site.source}).`, '')
  }
  if (breakingList.length) {
    out.push('### Breaking for the site', '')
    table(breakingList)
  }
  const rest = r.changes.filter((c) => !c.breaking)
  out.push(`<details><summary>Not breaking (${rest.length})</summary>`, '')
  if (rest.length) table(rest)
  else out.push('No other changes.', '')
  out.push('</details>', '')
  return out.join('\n')
}

export function terminalDiff(r: DiffReport): string {
  const out: string[] = []
  out.push(`Contract diff: ${r.base.label} -> ${r.head.label} (${r.engine})`)
  for (const c of r.changes.filter((x) => x.breaking)) {
    const inComponent = c.component ? ` (in ${c.component.replace('#/components/', '')})` : ''
    out.push(`  BREAKING  ${c.where}${inComponent}`)
    out.push(`            ${c.message} [${c.rule}]`)
    const affects = affectsText(c)
    if (affects) out.push(`            affects: ${affects}`)
    const reached = [...new Set(c.affects.flatMap((a) => a.screens ?? []))]
    if (reached.length) out.push(`            breaks: ${reached.join(', ')}`)
  }
  const rest = r.changes.filter((x) => !x.breaking)
  if (rest.length)
    out.push(
      `  ${rest.length} change${rest.length === 1 ? '' : 's'} not breaking for the site (see the Markdown report)`,
    )
  out.push(
    r.summary.breaking
      ? `x ${r.summary.breaking} breaking change${r.summary.breaking === 1 ? '' : 's'} for the site`
      : `v nothing breaking for the site (${r.summary.nonBreaking} other change${r.summary.nonBreaking === 1 ? '' : 's'})`,
  )
  return out.join('\n')
}

import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { Pagination, type PageLinkProps } from '~/ui/pagination'

const renderLink = (page: number, { children, ...props }: PageLinkProps) => (
  <a href={`?page=${page}`} {...props}>
    {children}
  </a>
)

describe('Pagination', () => {
  it('links to the previous and next pages and says where the player is', () => {
    render(<Pagination page={2} pageSize={10} total={35} renderLink={renderLink} />)
    expect(screen.getByRole('link', { name: m.pagination_previous() })).toHaveAttribute(
      'href',
      '?page=1',
    )
    expect(screen.getByRole('link', { name: m.pagination_next() })).toHaveAttribute(
      'href',
      '?page=3',
    )
    expect(screen.getByText(m.pagination_page_of({ page: 2, pages: 4 }))).toBeInTheDocument()
  })

  it('keeps the ends in place but not as links', () => {
    const { rerender } = render(
      <Pagination page={1} pageSize={10} total={20} renderLink={renderLink} />,
    )
    expect(screen.queryByRole('link', { name: m.pagination_previous() })).toBeNull()
    expect(screen.getByText(m.pagination_previous())).toHaveAttribute('aria-disabled', 'true')
    rerender(<Pagination page={2} pageSize={10} total={20} renderLink={renderLink} />)
    expect(screen.queryByRole('link', { name: m.pagination_next() })).toBeNull()
    expect(screen.getByRole('link', { name: m.pagination_previous() })).toBeInTheDocument()
  })

  it('is absent when everything fits on one page', () => {
    render(<Pagination page={1} pageSize={10} total={10} renderLink={renderLink} />)
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})

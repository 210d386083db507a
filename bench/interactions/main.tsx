// The reference of `npm run bench:interactions` (bench/interactions.ts): each interaction the
// bench measures on the site, in a page made of react-aria-components and React alone, with
// the default examples' few items. What it costs is the toolkit's and the machine's share of
// the same interaction on the site, measured in the same run.
import { useDeferredValue, useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  Button,
  Dialog,
  DialogTrigger,
  Form,
  Input,
  Label,
  Link,
  Menu,
  MenuItem,
  MenuTrigger,
  Modal,
  ModalOverlay,
  Popover,
  SearchField,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextField,
  useFilter,
} from 'react-aria-components'

const LANGUAGES = { lo: 'ພາສາລາວ', cn: '简体中文', vn: 'Tiếng Việt', th: 'ภาษาไทย' }
type Language = keyof typeof LANGUAGES
const GAMES = Array.from({ length: 10 }, (_, i) => ({
  name: `Game ${i + 1}`,
  category: i % 2 ? 'Fish' : 'Slot',
}))
const ROWS = Array.from({ length: 30 }, (_, i) => `Row ${i + 1}`)
const PAGE_SIZE = 10
const PROMOTIONS = ['Welcome bonus 50%', 'Daily bonus 10%', 'Weekend bonus 20%']

function Games() {
  const [search, setSearch] = useState('')
  const deferred = useDeferredValue(search)
  const { contains } = useFilter({ sensitivity: 'base' })
  const tiles = (category: string) =>
    GAMES.filter((g) => g.category === category && contains(g.name, deferred)).map((g) => (
      <div key={g.name} className="tile" role="listitem">
        <h3>{g.name}</h3>
        <Button>Play</Button>
      </div>
    ))
  return (
    <section>
      <SearchField aria-label="Search" value={search} onChange={setSearch}>
        <Input />
      </SearchField>
      <Tabs>
        <TabList aria-label="Categories">
          <Tab id="Slot">Slot</Tab>
          <Tab id="Fish">Fish</Tab>
        </TabList>
        {['Slot', 'Fish'].map((category) => (
          <TabPanel key={category} id={category}>
            <div className="grid" role="list">
              {tiles(category)}
            </div>
          </TabPanel>
        ))}
      </Tabs>
    </section>
  )
}

function History() {
  const [page, setPage] = useState(1)
  return (
    <section>
      <table>
        <tbody>
          {ROWS.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((row) => (
            <tr key={row}>
              <td>{row}</td>
              <td>1,500,000 LAK</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button onPress={() => setPage((p) => (p % 3) + 1)}>Next page</Button>
      <p>Page {page}</p>
    </section>
  )
}

/** A promotion opened from its card replaces the list; its back link returns to it. */
function Promotions() {
  const [open, setOpen] = useState<string>()
  if (open) {
    return (
      <section>
        <Link onPress={() => setOpen(undefined)}>Back to promotions</Link>
        <h2>{open}</h2>
        <p>Deposit 300,000 LAK, get a bonus up to 200 THB. Turnover 5x.</p>
        <Button>Claim</Button>
      </section>
    )
  }
  return (
    <section>
      <ul className="grid">
        {PROMOTIONS.map((title) => (
          <li key={title} className="tile">
            <h3>
              <Link onPress={() => setOpen(title)}>{title}</Link>
            </h3>
            <p>Deposit 300,000 LAK, bonus 50%, turnover 5x</p>
            <Link onPress={() => setOpen(title)}>Claim: {title}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function App() {
  const [language, setLanguage] = useState<Language>('lo')
  const [answer, setAnswer] = useState('')
  return (
    <main lang={language}>
      <h1>{LANGUAGES[language]}</h1>
      <MenuTrigger>
        <Button>Language</Button>
        <Popover>
          <Menu
            aria-label="Language"
            selectionMode="single"
            selectedKeys={[language]}
            onAction={(key) => setLanguage(key as Language)}
          >
            {Object.entries(LANGUAGES).map(([id, name]) => (
              <MenuItem key={id} id={id}>
                {name}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      <DialogTrigger>
        <Button>Menu</Button>
        <ModalOverlay isDismissable className="overlay">
          <Modal className="drawer">
            <Dialog aria-label="Menu">
              <nav>
                {['Home', 'Deposit', 'Withdraw', 'Promotions', 'History'].map((name) => (
                  <p key={name}>
                    <a href={`#${name.toLowerCase()}`}>{name}</a>
                  </p>
                ))}
              </nav>
            </Dialog>
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
      <Form
        onSubmit={(event) => {
          event.preventDefault()
          setAnswer('')
          setTimeout(() => setAnswer('Order open'), 100)
        }}
      >
        <TextField name="amount" inputMode="decimal">
          <Label>Amount</Label>
          <Input />
        </TextField>
        <Button type="submit">Submit</Button>
      </Form>
      <p role="status">{answer}</p>
      <Games />
      <History />
      <Promotions />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(<App />)

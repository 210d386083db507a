import { Home } from '../floor'
import { mountPainted } from '../painted'

mountPainted('/floor-painted', Home)

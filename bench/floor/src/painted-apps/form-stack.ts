import { FormStackLoginForm } from '../form-stack-login'
import { mountPainted } from '../painted'

mountPainted('/form-stack-painted', FormStackLoginForm)

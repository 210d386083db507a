import { NativeLoginForm } from '../native-login-form'
import { mountPainted } from '../painted'

mountPainted('/form-native-painted', NativeLoginForm)

// The site's texts (messages/lo.json): login_title, account_username, account_password.
export const TEXT = {
  title: 'ເຂົ້າສູ່ລະບົບ',
  username: 'ຊື່ຜູ້ໃຊ້',
  password: 'ລະຫັດຜ່ານ',
  submit: 'ເຂົ້າສູ່ລະບົບ',
}

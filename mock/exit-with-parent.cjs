// Preloaded into the Prism process the mock layer starts (`node --require`): when the layer
// dies without stopping it (SIGKILL, a test runner killed mid-run), Prism is re-parented and
// exits on its own instead of holding its port.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) process.exit(0)
}, 500).unref()

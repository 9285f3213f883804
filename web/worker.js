// The Web Worker: loads the WebAssembly module and runs one action per message, so that the page never freezes.
// Cancelling is the page's: it terminates this worker and starts a new one.
/* global importScripts, createDlx */
importScripts('dlx.js');
const ready = createDlx();

// {id, program: 'sudoku' | 'dlx', action, text, options: {name: value}} -> {id, status, out, err, ms}; after
// a failure of the module itself (it could not be loaded, or it trapped), `failed` is set and the page starts
// a new worker, since the module's state cannot be trusted.
self.onmessage = async (event) => {
  const {id, program, action, text, options} = event.data;
  const lines = Object.entries(options || {})
                    .filter(([, v]) => v !== undefined && v !== null && v !== false && v !== '')
                    .map(([k, v]) => (v === true ? k : `${k}=${v}`))
                    .join('\n');
  const fn = program === 'dlx' ? 'web_dlx' : 'web_sudoku';
  try {
    const m = await ready;
    const started = performance.now();
    const status = m.ccall(fn, 'number', ['string', 'string', 'string'], [action, text, lines]);
    const out = m.UTF8ToString(m.ccall('web_out', 'number', [], []));
    const err = m.UTF8ToString(m.ccall('web_err', 'number', [], []));
    self.postMessage({id, status, out, err, ms: performance.now() - started});
  } catch (e) {
    self.postMessage(
        {id, status: 1, out: '', err: `${program}: the WebAssembly module failed: ${e}\n`, failed: true});
  }
};

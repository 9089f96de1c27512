vim9script
# Drives the Ordo engine with Vim 9's own channels (Vim 9.0+, built with +channel and +job,
# as Debian's vim-nox is). Run headless:
#
#   ORDO_BIN=/path/to/ordo ORDO_INTEROP_OUT=/tmp/out \
#     vim -N -u NONE -i NONE -n -es -S integration/interop/editors/vim_channel.vim </dev/null
#
# ORDO_VIM_MODE picks the channel mode:
#
# * "lsp" (the default): Vim's JSON-RPC client. Vim writes the Content-Length framing
#   (adding a `Content-Type: application/vim-jsonrpc; charset=utf-8` header), adds
#   "jsonrpc" and a numeric "id", matches answers to requests (ch_evalexpr waits for one,
#   ch_sendexpr hands it to a callback) and gives every other message (the engine's
#   notifications) to the channel's callback, each decoded to a Vim dict.
# * "nl": NDJSON, one JSON text a line. Vim only splits the lines: this script encodes and
#   decodes with json_encode/json_decode and matches answers to requests by id itself.
#   (Vim's "json" and "js" modes are not JSON-RPC: they wrap each message as [id, expr],
#   which the engine reads as a batch and answers with an array, -32600 for the `1` first;
#   Vim matches that array to no request, and ch_evalexpr times out.)
#
# Every observation is written to ORDO_INTEROP_OUT as one line `key <json>`; the pytest
# suite (integration/interop/test_editors.py) judges them. ORDO_ARGS adds engine flags.
# Nothing waits unbounded: each wait is a loop of :sleep with a deadline, ch_evalexpr has a
# timeout, and a watchdog timer ends Vim (the test has its own timeout besides).

const OUT = $ORDO_INTEROP_OUT
const MODE = empty($ORDO_VIM_MODE) ? 'lsp' : $ORDO_VIM_MODE
const CALL_MS = 10000
writefile([], OUT)

def Report(key: string, value: any)
  writefile([key .. ' ' .. json_encode(value)], OUT, 'a')
enddef

# The watchdog: a session takes well under a second; the test's own timeout is 60 s.
timer_start(45000, (_) => {
  Report('failure', 'the watchdog timer fired: the session took more than 45 s')
  qall!
})

# Waits for Cond, with :sleep (which lets Vim read the channel and run its callbacks).
def WaitFor(Cond: func(): bool, ms: number): bool
  var waited = 0
  while !Cond() && waited < ms
    sleep 10m
    waited += 10
  endwhile
  return Cond()
enddef

# What the engine sent unasked, in the order Vim delivered it, and each async answer's
# place among them.
var events: list<any> = []
var shows: list<string> = []
var answers: dict<any> = {}  # nl mode: answers by id
var strays: list<any> = []  # lsp mode: answers Vim matched to no request
var stderr: list<string> = []
var exitCode: any = null
var stderrClosed = false

def OnNotification(msg: dict<any>)
  const method = get(msg, 'method', '')
  const params = get(msg, 'params', {})
  if method == 'alert.show'
    add(shows, params.alert.id)
    add(events, {method: method, id: params.alert.id})
  elseif method == 'alert.changed'
    add(events, {method: method, id: params.id, previous: params.previous,
      state: params.state, reason: params.reason})
  elseif method == 'alert.idle'
    add(events, {method: method, queue: params.queue})
  elseif method == 'alert.hide'
    add(events, {method: method, id: params.id, reason: params.reason})
  else
    add(events, {unexpected: msg})
  endif
enddef

def OnMessage(_c: channel, msg: any)
  if MODE == 'lsp'
    if has_key(msg, 'method')
      OnNotification(msg)
    else
      add(strays, msg)
    endif
    return
  endif
  const decoded = json_decode(msg)
  if type(decoded) == v:t_dict && has_key(decoded, 'method')
    OnNotification(decoded)
  elseif type(decoded) == v:t_dict && type(get(decoded, 'id', null)) == v:t_number
    answers[decoded.id] = decoded
  else
    add(events, {unexpected: decoded})
  endif
enddef

def OnStderr(_c: channel, line: string)
  add(stderr, line)
enddef

def OnStderrClose(_c: channel)
  stderrClosed = true
enddef

def OnExit(_j: job, status: number)
  exitCode = status
enddef

const cmd = [$ORDO_BIN] + split($ORDO_ARGS) + ['--framing', MODE == 'lsp' ? 'lsp' : 'ndjson']
const job = job_start(cmd, {
  in_mode: MODE, out_mode: MODE, err_mode: 'nl',
  out_cb: OnMessage, err_cb: OnStderr, close_cb: OnStderrClose, exit_cb: OnExit,
  noblock: true, stoponexit: 'kill'})
const ch = job_getchannel(job)
var nextId = 0

# A request: the whole answer, as a dict with "result" or "error".
def Call(method: string, params: any = null): dict<any>
  var request: dict<any> = {method: method}
  if params != null
    request.params = params
  endif
  if MODE == 'lsp'
    const answer = ch_evalexpr(ch, request, {timeout: CALL_MS})
    if empty(answer)
      throw method .. ': no answer within ' .. CALL_MS .. ' ms'
    endif
    return answer
  endif
  nextId += 1
  const id = nextId
  request.jsonrpc = '2.0'
  request.id = id
  ch_sendraw(ch, json_encode(request) .. "\n")
  if !WaitFor(() => has_key(answers, id), CALL_MS)
    throw method .. ': no answer within ' .. CALL_MS .. ' ms'
  endif
  return remove(answers, id)
enddef

# A request whose answer goes to a callback (lsp: ch_sendexpr's own callback); its place
# among the notifications is kept in `events`. Returns a dict that gets the answer.
def CallAsync(method: string, params: any): dict<any>
  var got: dict<any> = {}
  const request = {method: method, params: params}
  if MODE == 'lsp'
    got.id = ch_sendexpr(ch, request, {callback: (_c, answer) => {
      got.answer = answer
      add(events, {answer: method})
    }}).id
  else
    # nl mode has one callback for everything: the answer's place is where it was read.
    got.answer = Call(method, params)
    add(events, {answer: method})
  endif
  return got
enddef

def Notify(method: string, params: any = null)
  var message: dict<any> = {method: method}
  if params != null
    message.params = params
  endif
  if MODE == 'lsp'
    ch_sendexpr(ch, message)
  else
    ch_sendraw(ch, json_encode(extend({jsonrpc: '2.0'}, message)) .. "\n")
  endif
enddef

def Describe(answer: dict<any>): any
  if !has_key(answer, 'error')
    return null
  endif
  return {code: answer.error.code, data: get(answer.error, 'data', null),
    text: answer.error.message}
enddef

def Run()
  # v:versionlong counts the highest patch included: Debian's 9.0.1378 has a few later ones.
  Report('client', {name: 'vim channel (' .. MODE .. ')',
    version: printf('%d.%d', v:version / 100, v:version % 100), versionlong: v:versionlong})

  # LSP's handshake, with LSP's InitializeParams; Ordo's options in initializationOptions.
  const init = Call('initialize', {processId: getpid(), rootUri: null, capabilities: {},
    clientInfo: {name: 'Vim', version: string(v:versionlong)},
    initializationOptions: {clock: 'manual'}})
  Report('initialize', init.result)
  # What an LSP-speaking client sends unprompted; the engine must ignore it quietly.
  Notify('initialized', {})
  Notify('$/setTrace', {value: 'off'})

  Report('ping', Call('engine.ping').result)
  for layer in [{id: 'back', sort: 10}, {id: 'front', sort: 20},
      {id: 'middle', sort: 15}, {id: 'over-middle', sort: 15}]
    Call('layer.add', layer)
  endfor
  Report('paintOrder', Call('layer.paintOrder').result.ids)
  Report('subscribed', Call('events.subscribe', {topics: ['alert.changed']}).result.topics)

  const enqueue = CallAsync('alert.enqueue', {type: 'promo', id: 'gift'})
  WaitFor(() => has_key(enqueue, 'answer') && len(shows) > 0, 5000)
  Report('enqueued', enqueue.answer.result.alert.id)
  Report('disposition', enqueue.answer.result.disposition)
  Report('shows', shows)
  const complete = CallAsync('alert.complete', {id: 'gift'})
  WaitFor(() => has_key(complete, 'answer')
    && indexof(events, (_, e) => get(e, 'method', '') == 'alert.idle') >= 0, 5000)
  Report('completed', complete.answer.result.state)
  Report('events', events)

  const missing = Call('layer.get', {id: 'nope'})
  Report('notFound', Describe(missing))
  Notify('$/cancelRequest', {id: missing.id})
  Report('badParam', Describe(Call('layer.add', {id: 'x', sortt: 1})))
  # An error through an async request's callback.
  const unknown = CallAsync('no.such.method', {})
  WaitFor(() => has_key(unknown, 'answer'), CALL_MS)
  Report('unknownMethod', Describe(unknown.answer))

  if MODE == 'lsp'
    # Cancelling as `:help language-server-protocol` shows it: `id` at the top level, not
    # in params, makes a request `{"method":"$/cancelRequest","jsonrpc":"2.0","id":N}`
    # with the cancelled request's own id. Ordo answers it -32601 under that id; Vim has
    # already matched the first answer, so it hands this one to the channel's callback.
    const pending = CallAsync('layer.get', {id: 'nope'})
    ch_sendexpr(ch, {method: '$/cancelRequest', id: pending.id})
    WaitFor(() => has_key(pending, 'answer') && len(strays) > 0, CALL_MS)
    Report('helpCancel', {answer: Describe(pending.answer), id: pending.id,
      strays: mapnew(strays, (_, m) => ({id: m.id, error: Describe(m)}))})
  endif

  const shutdown = Call('shutdown')
  Report('shutdownResult', get(shutdown, 'result', 'no result'))
  Report('shutdownError', Describe(shutdown))
  Notify('exit')
  WaitFor(() => exitCode != null && stderrClosed, CALL_MS)
  Report('exit', exitCode)
  Report('stderr', join(stderr, "\n"))
enddef

try
  Run()
catch
  Report('failure', v:exception .. ' at ' .. v:throwpoint)
endtry
qall!

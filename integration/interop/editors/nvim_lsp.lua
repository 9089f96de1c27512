-- Drives the Ordo engine with Neovim's own LSP client: vim.lsp.start (Neovim 0.8+) or, on
-- older Neovim, vim.lsp.start_client (0.5+). The client runs the LSP lifecycle itself
-- (initialize with InitializeParams, initialized, shutdown + exit on stop). Run headless:
--
--   ORDO_BIN=/path/to/ordo ORDO_INTEROP_OUT=/tmp/out nvim --headless -u NONE \
--     -c 'luafile integration/interop/editors/nvim_lsp.lua'
--
-- Every observation is written to ORDO_INTEROP_OUT as one line `key <json>`; the pytest
-- suite (integration/interop/test_editors.py) judges them. ORDO_ARGS adds engine flags.
local out = assert(io.open(assert(os.getenv('ORDO_INTEROP_OUT')), 'w'))
local function report(key, value)
  out:write(key, ' ', vim.json.encode(value == nil and vim.NIL or value), '\n')
  out:flush()
end

local ok, failure = pcall(function()
  local cmd = { assert(os.getenv('ORDO_BIN')) }
  for flag in (os.getenv('ORDO_ARGS') or ''):gmatch('%S+') do
    table.insert(cmd, flag)
  end
  local modern = vim.fn.has('nvim-0.8') == 1
  local v = vim.version()
  report('client', {
    name = modern and 'vim.lsp.start' or 'vim.lsp.start_client',
    version = ('%d.%d.%d'):format(v.major, v.minor, v.patch),
  })
  report('logfile', vim.lsp.get_log_path())

  local shows, init, exit_code = {}, nil, nil
  local config = {
    name = 'ordo',
    cmd = cmd,
    -- Ordo's own initialize options travel in LSP's initializationOptions.
    init_options = { clock = 'manual' },
    handlers = {
      ['alert.show'] = function(_err, params, _ctx)
        table.insert(shows, params.alert.id)
      end,
    },
    on_init = function(_client, result)
      init = result
    end,
    on_exit = function(code, _signal, _client_id)
      exit_code = code
    end,
  }
  local client_id = modern and vim.lsp.start(config) or vim.lsp.start_client(config)
  assert(client_id, 'the LSP client did not start')
  assert(vim.wait(10000, function() return init ~= nil end, 10), 'initialize: no answer')
  local client = vim.lsp.get_client_by_id(client_id)
  report('initialize', {
    serverInfo = init.serverInfo,
    clock = init.clock,
    capabilities = type(init.capabilities),
  })

  -- Client methods: `client:m()` from Neovim 0.11 on, `client.m()` before.
  local colon = vim.fn.has('nvim-0.11') == 1
  local function request(method, params, handler)
    if colon then
      return client:request(method, params, handler)
    end
    return client.request(method, params, handler)
  end
  local function call(method, params)
    local answer
    request(method, params, function(err, result, _ctx)
      answer = { err = err, result = result }
    end)
    assert(vim.wait(10000, function() return answer ~= nil end, 10), method .. ': no answer')
    return answer
  end
  local function describe(err)
    return err and { code = err.code, data = err.data, text = tostring(err) } or vim.NIL
  end

  report('ping', call('engine.ping', nil).result)
  report('clock', call('clock.now', nil).result)
  for _, layer in ipairs({
    { id = 'back', sort = 10 },
    { id = 'front', sort = 20 },
    { id = 'middle', sort = 15 },
    { id = 'over-middle', sort = 15 },
  }) do
    call('layer.add', layer)
  end
  report('paintOrder', call('layer.paintOrder', nil).result.ids)

  local enqueued = call('alert.enqueue', { type = 'promo', id = 'gift' })
  report('enqueued', enqueued.result.alert.id)
  vim.wait(5000, function() return #shows > 0 end, 10)
  report('shows', shows)

  -- A request cancelled while in flight sends $/cancelRequest (the engine answers anyway);
  -- sent before the last calls, so that its log line is read before the engine exits.
  local _, request_id = request('engine.ping', nil, function() end)
  if colon then
    client:cancel_request(request_id)
    client:notify('$/setTrace', { value = 'off' })
  else
    client.cancel_request(request_id)
    client.notify('$/setTrace', { value = 'off' })
  end

  report('notFound', describe(call('layer.get', { id = 'nope' }).err))
  report('badParam', describe(call('layer.add', { id = 'x', sortt = 1 }).err))

  -- stop(): shutdown, then exit once shutdown answered.
  if colon then
    client:stop()
  else
    client.stop()
  end
  vim.wait(10000, function() return exit_code ~= nil end, 10)
  report('exit', exit_code)
end)
if not ok then
  report('failure', tostring(failure))
end
out:close()
vim.cmd('qall!')

-- Drives the Ordo engine with Neovim's own JSON-RPC client, vim.lsp.rpc (Neovim 0.5+;
-- the signature of vim.lsp.rpc.start changed in 0.10). Run headless:
--
--   ORDO_BIN=/path/to/ordo ORDO_INTEROP_OUT=/tmp/out nvim --headless -u NONE \
--     -c 'luafile integration/interop/editors/nvim_rpc.lua'
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
  local v = vim.version()
  report('client', { name = 'vim.lsp.rpc', version = ('%d.%d.%d'):format(v.major, v.minor, v.patch) })
  report('logfile', vim.lsp.get_log_path())

  local shows, exit_code = {}, nil
  local dispatchers = {
    notification = function(method, params)
      if method == 'alert.show' then
        table.insert(shows, params.alert.id)
      end
    end,
    on_exit = function(code, _signal)
      exit_code = code
    end,
  }
  local rpc
  if vim.fn.has('nvim-0.10') == 1 then
    rpc = vim.lsp.rpc.start(cmd, dispatchers)
  else
    rpc = vim.lsp.rpc.start(cmd[1], vim.list_slice(cmd, 2), dispatchers)
  end

  -- Calls one method and waits (bounded) for its answer: {err, result}.
  local function call(method, params)
    local answer
    rpc.request(method, params, function(err, result)
      answer = { err = err, result = result }
    end)
    assert(vim.wait(10000, function() return answer ~= nil end, 10), method .. ': no answer')
    return answer
  end
  local function describe(err)
    return err and { code = err.code, data = err.data, text = tostring(err) } or vim.NIL
  end

  -- What an LSP-speaking client sends unprompted; the engine must ignore it quietly.
  rpc.notify('initialized', {})
  rpc.notify('$/setTrace', { value = 'off' })

  report('ping', call('engine.ping', nil).result)
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

  local missing = call('layer.get', { id = 'nope' })
  rpc.notify('$/cancelRequest', { id = 1 })
  report('notFound', describe(missing.err))
  report('badParam', describe(call('layer.add', { id = 'x', sortt = 1 }).err))

  report('shutdownError', describe(call('shutdown', nil).err))
  rpc.notify('exit', nil)
  vim.wait(10000, function() return exit_code ~= nil end, 10)
  report('exit', exit_code)
end)
if not ok then
  report('failure', tostring(failure))
end
out:close()
vim.cmd('qall!')

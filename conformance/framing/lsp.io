# LSP framing, chosen automatically from the first bytes (Content-Length: …): every
# message in and out is framed Content-Length: N, blank line, N bytes. Events come
# before the response. LSP's initialized and $/ notifications are ignored silently.
## args: --clock manual
## framing: lsp
>> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
<< {"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"ordo","version":"$any:string"},"capabilities":{},"protocolVersion":"1","framing":"lsp","clock":"manual","methods":["initialize","shutdown","exit","rpc.discover","engine.ping","engine.stats","engine.reset","clock.now","clock.advance","layer.add","layer.remove","layer.update","layer.move","layer.bringToFront","layer.sendToBack","layer.get","layer.children","layer.sortRange","layer.tree","layer.paintOrder","layer.hitTest","layer.render","layer.clear","alert.enqueue","alert.complete","alert.cancel","alert.pause","alert.resume","alert.get","alert.list","alert.clear","alert.configure","alert.defineType","alert.history","alert.forget","nav.push","nav.pop","nav.set","nav.get","events.subscribe","events.unsubscribe"]}}
>> {"jsonrpc":"2.0","method":"initialized","params":{}}
>> {"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}
>> {"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> [{"jsonrpc":"2.0","id":3,"method":"engine.ping"},{"jsonrpc":"2.0","id":4,"method":"nav.get"}]
<< [{"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":0}},{"jsonrpc":"2.0","id":4,"result":{"stack":[],"active":null}}]
# Header names are case-insensitive; Content-Type is accepted and ignored.
>>raw "content-length: 47\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":5,"result":{"pong":true,"at":0}}
# Two frames in one write; then a frame whose header arrives in pieces.
>>raw "Content-Length: 47\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"engine.ping\"}Content-Length: 47\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":6,"result":{"pong":true,"at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"pong":true,"at":0}}
>>raw "Content-Len"
>>raw "gth: 47\r"
>>raw "\n\r\n{\"jsonrpc\""
>>raw ":\"2.0\",\"id\":8,\"method\":\"engine.ping\"}"
<< {"jsonrpc":"2.0","id":8,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":9,"method":"shutdown"}
<< {"jsonrpc":"2.0","id":9,"result":null}
>> {"jsonrpc":"2.0","method":"exit"}

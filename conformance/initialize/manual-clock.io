# initialize chooses the clock and answers the server's identity, its framing, its clock
# and every method name. It is optional: the engine starts on the system clock here.
>> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"conformance","version":"1"},"clock":"manual"}}
<< {"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"ordo","version":"$any:string"},"capabilities":{},"protocolVersion":"1","framing":"ndjson","clock":"manual","methods":["initialize","shutdown","exit","rpc.discover","engine.ping","engine.stats","engine.reset","clock.now","clock.advance","layer.add","layer.remove","layer.update","layer.move","layer.bringToFront","layer.sendToBack","layer.get","layer.children","layer.sortRange","layer.tree","layer.paintOrder","layer.hitTest","layer.render","layer.clear","alert.enqueue","alert.complete","alert.cancel","alert.pause","alert.resume","alert.get","alert.list","alert.clear","alert.configure","alert.defineType","alert.history","alert.forget","nav.push","nav.pop","nav.set","nav.get","events.subscribe","events.unsubscribe"]}}
>> {"jsonrpc":"2.0","id":2,"method":"clock.now"}
<< {"jsonrpc":"2.0","id":2,"result":{"now":0,"mode":"manual"}}

# initialize restating the current clock mode while timers are set is accepted and changes
# nothing (now stays 10, where a switch to manual would set it to 0, and the timer still
# fires at 100); switching the mode gets -32003 timers_exist. protocol.md, Lifecycle:
# "restating the current mode is always accepted and changes nothing; switching while any
# timer is set (a scheduled alert's readiness, an expiry, an auto-hide, a queue's gap)
# gets -32003 `timers_exist`", and (Errors) "a request that fails changes nothing": the
# clock stays manual at 10.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"later","delayMs":100}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"later","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","id":2,"result":{"now":10}}
>> {"jsonrpc":"2.0","id":3,"method":"initialize","params":{"clock":"manual"}}
<< {"jsonrpc":"2.0","id":3,"result":{"serverInfo":{"name":"ordo","version":"$any:string"},"capabilities":{},"protocolVersion":"1","framing":"ndjson","clock":"manual","methods":["initialize","shutdown","exit","rpc.discover","engine.ping","engine.stats","engine.reset","clock.now","clock.advance","layer.add","layer.remove","layer.update","layer.move","layer.bringToFront","layer.sendToBack","layer.get","layer.children","layer.sortRange","layer.tree","layer.paintOrder","layer.hitTest","layer.render","layer.clear","alert.enqueue","alert.complete","alert.cancel","alert.pause","alert.resume","alert.get","alert.list","alert.clear","alert.configure","alert.defineType","alert.history","alert.forget","nav.push","nav.pop","nav.set","nav.get","events.subscribe","events.unsubscribe"]}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.now"}
<< {"jsonrpc":"2.0","id":4,"result":{"now":10,"mode":"manual"}}
>> {"jsonrpc":"2.0","id":5,"method":"initialize","params":{"clock":"system"}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32003,"message":"$any:string","data":{"reason":"timers_exist"}}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.now"}
<< {"jsonrpc":"2.0","id":6,"result":{"now":10,"mode":"manual"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":90}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"later","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":100}}

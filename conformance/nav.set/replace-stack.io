# nav.set replaces the whole stack; alerts follow the new active scope (suspended when it
# is no longer theirs, shown when it becomes theirs). An empty stack: active null.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"r","scope":"room"}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"r","queue":"default","type":"t","priority":0,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"nav.set","params":{"stack":["home","room"]}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"stack":["home","room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":3,"method":"nav.set","params":{"stack":["room","home"]}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"r","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"stack":["room","home"],"active":"home"}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.set","params":{"stack":[]}}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":[],"active":null}}
>> {"jsonrpc":"2.0","id":5,"method":"nav.set","params":{"stack":["room"]}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":6,"method":"nav.set","params":{"stack":"room"}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/stack","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"nav.set","params":{}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"$any:string","data":{"path":"/stack","expected":"$any:string"}}}

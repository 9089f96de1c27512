# nav.push makes a scope active: a showing alert whose scope is no longer active is
# suspended (alert.hide reason suspended); alerts without a scope show on any page; an
# alert waiting for the pushed scope shows. On return the suspended one competes again and
# shows with resumed true.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":1,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.configure","params":{"maxConcurrent":2}}
<< {"jsonrpc":"2.0","id":2,"result":{"queue":"default","maxConcurrent":2,"minGapMs":0,"historyLimit":1000}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"roomy","scope":"room"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"roomy","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"roomy","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"anywhere"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"anywhere","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"anywhere","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"shop-only","scope":"shop"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"shop-only","queue":"default","type":"t","priority":0,"state":"pending","scope":"shop","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.advance","params":{"ms":5}}
<< {"jsonrpc":"2.0","id":6,"result":{"now":5}}
>> {"jsonrpc":"2.0","id":7,"method":"nav.push","params":{"scope":"shop"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"roomy","queue":"default","reason":"suspended","at":5}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"shop-only","queue":"default","type":"t","priority":0,"state":"showing","scope":"shop","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":5,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":5}}
<< {"jsonrpc":"2.0","id":7,"result":{"stack":["room","shop"],"active":"shop"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.complete","params":{"id":"shop-only"}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"shop-only","queue":"default","type":"t","priority":0,"state":"done","scope":"shop","key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":5,"endedAt":5,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":9,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"roomy","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":5,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":5}}
<< {"jsonrpc":"2.0","id":9,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":10,"method":"nav.push","params":{}}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"$any:string","data":{"path":"/scope","expected":"$any:string"}}}

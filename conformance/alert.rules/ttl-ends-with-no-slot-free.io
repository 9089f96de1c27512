# An alert whose TTL ends while no slot is free expires (state expired, endReason
# expired, endedAt its expiresAt) and never shows.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["alert.changed"]}}
<< {"jsonrpc":"2.0","id":1,"result":{"topics":["alert.changed"]}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"shower"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"shower","queue":"default","state":"showing","previous":"pending","reason":"shown","at":0}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"shower","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"shower","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"waiter","ttlMs":100}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"waiter","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"waiter","queue":"default","state":"expired","previous":"pending","reason":"expired","at":100}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.get","params":{"id":"waiter"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"waiter","queue":"default","type":"t","priority":0,"state":"expired","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":100,"durationMs":null,"shownAt":null,"endedAt":100,"endReason":"expired","shownCount":0,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.complete","params":{"id":"shower"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"shower","queue":"default","state":"done","previous":"showing","reason":"completed","at":100}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"id":"shower","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":100,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}

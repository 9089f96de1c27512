# alert.changed {id, queue, state, previous, reason, at}, once subscribed, for every
# state change: scheduled to pending when ready, pending to showing, showing to suspended
# and back, to done (completed or timeout), cancelled and expired. protocol.md, Events:
# "`alert.changed` always has a `reason`", so every one below carries it; "Within one
# change, `alert.changed` comes first, then the `alert.show` or `alert.hide` it causes".
# (The reasons limited and deferred are in alert.rules/limited-at-its-turn.io.)
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["alert.changed"]}}
<< {"jsonrpc":"2.0","id":1,"result":{"topics":["alert.changed"]}}
>> {"jsonrpc":"2.0","id":2,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":2,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"a","scope":"room","delayMs":10}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"scheduled","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"a","queue":"default","state":"pending","previous":"scheduled","reason":"ready","at":10}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"a","queue":"default","state":"showing","previous":"pending","reason":"shown","at":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":10}}
>> {"jsonrpc":"2.0","id":5,"method":"nav.push","params":{"scope":"x"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"a","queue":"default","state":"suspended","previous":"showing","reason":"suspended","at":10}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a","queue":"default","reason":"suspended","at":10}}
<< {"jsonrpc":"2.0","id":5,"result":{"stack":["room","x"],"active":"x"}}
>> {"jsonrpc":"2.0","id":6,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"a","queue":"default","state":"showing","previous":"suspended","reason":"resumed","at":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":10}}
<< {"jsonrpc":"2.0","id":6,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"t","id":"b","priority":5,"preempt":true,"durationMs":5}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"a","queue":"default","state":"suspended","previous":"showing","reason":"preempted","at":10}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a","queue":"default","reason":"preempted","at":10}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"b","queue":"default","state":"showing","previous":"pending","reason":"shown","at":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":10,"readyAt":null,"expiresAt":null,"durationMs":5,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":10}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":5,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":10,"readyAt":null,"expiresAt":null,"durationMs":5,"shownAt":10,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"c","ttlMs":1}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"c","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":10,"readyAt":null,"expiresAt":11,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":5}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"c","queue":"default","state":"expired","previous":"pending","reason":"expired","at":11}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"b","queue":"default","state":"done","previous":"showing","reason":"timeout","at":15}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"b","queue":"default","reason":"timeout","at":15}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"a","queue":"default","state":"showing","previous":"suspended","reason":"resumed","at":15}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":15,"endedAt":null,"endReason":null,"shownCount":3,"mount":null,"persist":false},"resumed":true,"at":15}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":15}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"d"}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"d","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":15,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.cancel","params":{"id":"d"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"d","queue":"default","state":"cancelled","previous":"pending","reason":"cancelled","at":15}}
<< {"jsonrpc":"2.0","id":11,"result":{"cancelled":["d"]}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.changed","params":{"id":"a","queue":"default","state":"done","previous":"showing","reason":"completed","at":15}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":15}}
<< {"jsonrpc":"2.0","id":12,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":15,"endedAt":15,"endReason":"completed","shownCount":3,"mount":null,"persist":false}}

# alert.hide {id, queue, reason, at}: reason timeout (durationMs on screen, state done with
# endReason timeout), cancelled, preempted (suspended by a preempting alert) and suspended
# (its page was left). durationMs restarts at each show.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","id":1,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a","scope":"room","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":60}}
<< {"jsonrpc":"2.0","id":3,"result":{"now":60}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.push","params":{"scope":"other"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a","queue":"default","reason":"suspended","at":60}}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":["room","other"],"active":"other"}}
>> {"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":60}}
<< {"jsonrpc":"2.0","id":5,"result":{"now":120}}
>> {"jsonrpc":"2.0","id":6,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":120,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":120}}
<< {"jsonrpc":"2.0","id":6,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"a","queue":"default","reason":"timeout","at":220}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":220}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":220}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.get","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":8,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":120,"endedAt":220,"endReason":"timeout","shownCount":2,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.enqueue","params":{"type":"t","id":"b"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":220,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":220,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":220}}
<< {"jsonrpc":"2.0","id":9,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":220,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":220,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"c","priority":1,"preempt":true}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"b","queue":"default","reason":"preempted","at":220}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":220,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":220,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":220}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"c","queue":"default","type":"t","priority":1,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":220,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":220,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.cancel","params":{"id":"c"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"c","queue":"default","reason":"cancelled","at":220}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":220,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":220,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":220}}
<< {"jsonrpc":"2.0","id":11,"result":{"cancelled":["c"]}}

# alert.idle {queue, at}: once each time a queue goes from busy to empty (nothing showing,
# suspended, pending or scheduled), whatever ended the last alert: complete, a timeout, an
# expiry, a cancel. A queue that was not busy sends none.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.cancel","params":{"all":true}}
<< {"jsonrpc":"2.0","id":1,"result":{"cancelled":[]}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"b"}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.complete","params":{"id":"b"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"b","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"t","id":"c","queue":"toast","durationMs":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":10,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"c","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":10,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":20}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"c","queue":"toast","reason":"timeout","at":10}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"toast","at":10}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":20}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"d","scope":"nowhere","ttlMs":10}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"d","queue":"default","type":"t","priority":0,"state":"pending","scope":"nowhere","key":null,"data":null,"result":null,"seq":4,"createdAt":20,"readyAt":null,"expiresAt":30,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"clock.advance","params":{"ms":20}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":30}}
<< {"jsonrpc":"2.0","id":9,"result":{"now":40}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"e","delayMs":10}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"e","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":5,"createdAt":40,"readyAt":50,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.cancel","params":{"id":"e"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":40}}
<< {"jsonrpc":"2.0","id":11,"result":{"cancelled":["e"]}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.cancel","params":{"id":"e"}}
<< {"jsonrpc":"2.0","id":12,"result":{"cancelled":[]}}

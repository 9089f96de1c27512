# alert.pause holds a queue for a reason: it shows nothing new while any reason holds it;
# what shows stays. alert.resume drops one reason; the queue pumps once none is left.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.pause","params":{}}
<< {"jsonrpc":"2.0","id":2,"result":{"paused":true,"reasons":["default"]}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.pause","params":{"reason":"keyboard"}}
<< {"jsonrpc":"2.0","id":3,"result":{"paused":true,"reasons":["default","keyboard"]}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"b"}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":5,"result":{"id":"a","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.resume","params":{}}
<< {"jsonrpc":"2.0","id":6,"result":{"paused":true,"reasons":["keyboard"]}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.resume","params":{"reason":"keyboard"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"b","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":7,"result":{"paused":false,"reasons":[]}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.pause","params":{"queue":"toast","reason":"video"}}
<< {"jsonrpc":"2.0","id":8,"result":{"paused":true,"reasons":["video"]}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.pause","params":{"queue":"toast","reason":"video"}}
<< {"jsonrpc":"2.0","id":9,"result":{"paused":true,"reasons":["video"]}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"c","queue":"toast"}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"c","queue":"toast","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.resume","params":{"queue":"toast","reason":"video"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c","queue":"toast","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":11,"result":{"paused":false,"reasons":[]}}

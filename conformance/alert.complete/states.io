# alert.complete closes a showing or suspended alert: state done, endReason completed,
# result kept. Any other state is -32003 (reason not_showing, with the state); an unknown
# id is -32001.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"t","id":"shown","scope":"room"}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"shown","queue":"default","type":"t","priority":0,"state":"pending","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"waiting"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"waiting","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"waiting","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"t","id":"later","delayMs":100}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"later","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":100,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.complete","params":{"id":"waiting"}}
<< {"jsonrpc":"2.0","id":4,"result":{"id":"waiting","queue":"default","type":"t","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.complete","params":{"id":"later"}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32003,"message":"$any:string","data":{"reason":"not_showing","state":"scheduled"}}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.complete","params":{"id":"nobody"}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32001,"message":"$any:string","data":{"kind":"alert","id":"nobody"}}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.complete","params":{"id":"waiting","result":{"button":"ok"}}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32003,"message":"$any:string","data":{"reason":"not_showing","state":"done"}}}
>> {"jsonrpc":"2.0","id":8,"method":"nav.push","params":{"scope":"room"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"shown","queue":"default","type":"t","priority":0,"state":"showing","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":8,"result":{"stack":["room"],"active":"room"}}
>> {"jsonrpc":"2.0","id":9,"method":"nav.push","params":{"scope":"elsewhere"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"shown","queue":"default","reason":"suspended","at":0}}
<< {"jsonrpc":"2.0","id":9,"result":{"stack":["room","elsewhere"],"active":"elsewhere"}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.complete","params":{"id":"shown","result":null}}
<< {"jsonrpc":"2.0","id":10,"result":{"id":"shown","queue":"default","type":"t","priority":0,"state":"done","scope":"room","key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.complete","params":{"id":"shown"}}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32003,"message":"$any:string","data":{"reason":"not_showing","state":"done"}}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.complete","params":{}}
<< {"jsonrpc":"2.0","id":12,"error":{"code":-32602,"message":"$any:string","data":{"path":"/id","expected":"$any:string"}}}

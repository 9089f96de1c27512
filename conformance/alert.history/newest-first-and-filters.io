# alert.history lists counted shows (alert.show with resumed false), newest first, ties by
# the order they happened; at is engine time, wallAt = --epoch-ms + at. Filters combine with
# AND; limit caps the answer; sinceWallAt is inclusive. A resumed show is not counted.
## args: --clock manual --epoch-ms 1000000
>> {"jsonrpc":"2.0","id":1,"method":"alert.enqueue","params":{"type":"tip","id":"t1","key":"k1","durationMs":100}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"t1","queue":"default","type":"tip","priority":0,"state":"showing","scope":null,"key":"k1","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":1,"result":{"alert":{"id":"t1","queue":"default","type":"tip","priority":0,"state":"showing","scope":null,"key":"k1","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":100,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"t1","queue":"default","reason":"timeout","at":100}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":100}}
<< {"jsonrpc":"2.0","id":2,"result":{"now":100}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.enqueue","params":{"type":"rate","id":"r1","scope":"home","queue":"modal"}}
<< {"jsonrpc":"2.0","id":3,"result":{"alert":{"id":"r1","queue":"modal","type":"rate","priority":0,"state":"pending","scope":"home","key":null,"data":null,"result":null,"seq":2,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":4,"method":"nav.push","params":{"scope":"home"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r1","queue":"modal","type":"rate","priority":0,"state":"showing","scope":"home","key":null,"data":null,"result":null,"seq":2,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":4,"result":{"stack":["home"],"active":"home"}}
>> {"jsonrpc":"2.0","id":5,"method":"nav.push","params":{"scope":"shop"}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"r1","queue":"modal","reason":"suspended","at":100}}
<< {"jsonrpc":"2.0","id":5,"result":{"stack":["home","shop"],"active":"shop"}}
>> {"jsonrpc":"2.0","id":6,"method":"nav.pop"}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r1","queue":"modal","type":"rate","priority":0,"state":"showing","scope":"home","key":null,"data":null,"result":null,"seq":2,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":2,"mount":null,"persist":false},"resumed":true,"at":100}}
<< {"jsonrpc":"2.0","id":6,"result":{"stack":["home"],"active":"home"}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.enqueue","params":{"type":"tip","id":"t2","key":"k2"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"t2","queue":"default","type":"tip","priority":0,"state":"showing","scope":null,"key":"k2","data":null,"result":null,"seq":3,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":100}}
<< {"jsonrpc":"2.0","id":7,"result":{"alert":{"id":"t2","queue":"default","type":"tip","priority":0,"state":"showing","scope":null,"key":"k2","data":null,"result":null,"seq":3,"createdAt":100,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":100,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.history"}
<< {"jsonrpc":"2.0","id":8,"result":{"shows":[{"id":"t2","type":"tip","key":"k2","queue":"default","at":100,"wallAt":1000100},{"id":"r1","type":"rate","key":null,"queue":"modal","at":100,"wallAt":1000100},{"id":"t1","type":"tip","key":"k1","queue":"default","at":0,"wallAt":1000000}]}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.history","params":{"type":"tip","limit":1}}
<< {"jsonrpc":"2.0","id":9,"result":{"shows":[{"id":"t2","type":"tip","key":"k2","queue":"default","at":100,"wallAt":1000100}]}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.history","params":{"key":"k1"}}
<< {"jsonrpc":"2.0","id":10,"result":{"shows":[{"id":"t1","type":"tip","key":"k1","queue":"default","at":0,"wallAt":1000000}]}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.history","params":{"queue":"modal"}}
<< {"jsonrpc":"2.0","id":11,"result":{"shows":[{"id":"r1","type":"rate","key":null,"queue":"modal","at":100,"wallAt":1000100}]}}
>> {"jsonrpc":"2.0","id":12,"method":"alert.history","params":{"sinceWallAt":1000100}}
<< {"jsonrpc":"2.0","id":12,"result":{"shows":[{"id":"t2","type":"tip","key":"k2","queue":"default","at":100,"wallAt":1000100},{"id":"r1","type":"rate","key":null,"queue":"modal","at":100,"wallAt":1000100}]}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.history","params":{"limit":-1}}
<< {"jsonrpc":"2.0","id":13,"error":{"code":-32602,"message":"$any:string","data":{"path":"/limit","expected":"$any:string"}}}

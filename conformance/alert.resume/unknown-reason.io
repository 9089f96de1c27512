# alert.resume of a reason that does not hold the queue changes nothing; the queue stays
# paused until its own reason is resumed, then pumps.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.pause","params":{"reason":"call"}}
<< {"jsonrpc":"2.0","id":1,"result":{"paused":true,"reasons":["call"]}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"t","id":"a"}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.resume","params":{"reason":"other"}}
<< {"jsonrpc":"2.0","id":3,"result":{"paused":true,"reasons":["call"]}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.resume","params":{}}
<< {"jsonrpc":"2.0","id":4,"result":{"paused":true,"reasons":["call"]}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.resume","params":{"reason":"call"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"paused":false,"reasons":[]}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.resume","params":{"reason":7}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"/reason","expected":"$any:string"}}}

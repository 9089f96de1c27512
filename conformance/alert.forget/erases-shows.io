# alert.forget erases counted shows matching every filter given (type, key, all: true) and
# says how many; limits then count from zero. No filter (or only all: false) is -32602.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"tip","limit":{"max":1}}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"tip","priority":null,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":{"max":1,"windowMs":null,"per":null},"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"tip","id":"a","key":"x"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"a","queue":"default","type":"tip","priority":0,"state":"showing","scope":null,"key":"x","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"a","queue":"default","type":"tip","priority":0,"state":"showing","scope":null,"key":"x","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.complete","params":{"id":"a"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"a","queue":"default","type":"tip","priority":0,"state":"done","scope":null,"key":"x","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"tip","id":"b","key":"y"}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":null,"disposition":"limited","retryAt":null}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.forget","params":{}}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"$any:string","data":{"path":"","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.forget","params":{"all":false}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"$any:string","data":{"path":"","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.forget","params":{"type":"tip","key":"y"}}
<< {"jsonrpc":"2.0","id":7,"result":{"forgotten":0}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.forget","params":{"type":"tip"}}
<< {"jsonrpc":"2.0","id":8,"result":{"forgotten":1}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.history"}
<< {"jsonrpc":"2.0","id":9,"result":{"shows":[]}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"tip","id":"c"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c","queue":"default","type":"tip","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"c","queue":"default","type":"tip","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.forget","params":{"all":true}}
<< {"jsonrpc":"2.0","id":11,"result":{"forgotten":1}}

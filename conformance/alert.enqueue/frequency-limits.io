# Frequency limits at enqueue: a type limited to 1 show per 1000 ms. The first shows; the
# second is limited: not queued, alert null, retryAt = the show's time + windowMs. With
# onLimit defer it is queued scheduled until retryAt and then shows. max 0: never (retryAt
# null). A per-key limit needs a key (-32602 at /key). limit null on enqueue: unlimited.
# A cooldown counts from the last show (c1 at 1000): c2 at 1100 with cooldownMs 500 is limited
# until 1500.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"rate","limit":{"max":1,"windowMs":1000}}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"rate","priority":null,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":{"max":1,"windowMs":1000,"per":null},"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"rate","id":"r1"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r1","queue":"default","type":"rate","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"r1","queue":"default","type":"rate","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.complete","params":{"id":"r1"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"default","at":0}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"r1","queue":"default","type":"rate","priority":0,"state":"done","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":200}}
<< {"jsonrpc":"2.0","id":4,"result":{"now":200}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"rate","id":"r2"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":null,"disposition":"limited","retryAt":1000}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.enqueue","params":{"type":"rate","id":"r3","onLimit":"defer"}}
<< {"jsonrpc":"2.0","id":6,"result":{"alert":{"id":"r3","queue":"default","type":"rate","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":200,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":7,"method":"clock.advance","params":{"ms":800}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"r3","queue":"default","type":"rate","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":200,"readyAt":1000,"expiresAt":null,"durationMs":null,"shownAt":1000,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":1000}}
<< {"jsonrpc":"2.0","id":7,"result":{"now":1000}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"never","limit":{"max":0}}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":null,"disposition":"limited","retryAt":null}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.enqueue","params":{"type":"perkey","limit":{"max":1,"per":"key"}}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"$any:string","data":{"path":"/key","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"rate","id":"free","limit":null}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"free","queue":"default","type":"rate","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":1000,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"alert.enqueue","params":{"type":"cool","id":"c1","queue":"cool","cooldownMs":500,"durationMs":10}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"c1","queue":"cool","type":"cool","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":1000,"readyAt":null,"expiresAt":null,"durationMs":10,"shownAt":1000,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":1000}}
<< {"jsonrpc":"2.0","id":11,"result":{"alert":{"id":"c1","queue":"cool","type":"cool","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":4,"createdAt":1000,"readyAt":null,"expiresAt":null,"durationMs":10,"shownAt":1000,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":12,"method":"clock.advance","params":{"ms":100}}
<< {"jsonrpc":"2.0","method":"alert.hide","params":{"id":"c1","queue":"cool","reason":"timeout","at":1010}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"cool","at":1010}}
<< {"jsonrpc":"2.0","id":12,"result":{"now":1100}}
>> {"jsonrpc":"2.0","id":13,"method":"alert.enqueue","params":{"type":"cool","id":"c2","queue":"cool","cooldownMs":500}}
<< {"jsonrpc":"2.0","id":13,"result":{"alert":null,"disposition":"limited","retryAt":1500}}

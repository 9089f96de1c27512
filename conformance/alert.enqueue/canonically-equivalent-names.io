# Canonically equivalent names are one name for alerts too: "é" as U+00E9 (\u00e9) or as
# "e" + U+0301 (e\u0301). protocol.md, Values: canonically equivalent names are "one layer
# id, one alert id, one key; answers spell a layer, an alert, a queue, a type definition or
# a pause reason by the name it was first given. What one request sets on its own object
# keeps that request's spelling: an alert's `type`, `key`, `scope` and `mount.parent`, a
# type definition's `queue`, a page on the navigation stack". Shown: the type defined as
# "T\u00e9" gives its priority 3 to an enqueue of "Te\u0301" (whose alert keeps type
# "Te\u0301"); the other spelling of the id finds the alert (get, complete), of the queue
# names its queue (list, pause, resume, and the dedupe), of the key dedupes (replaced, the
# alert keeping its key "k\u00e9"), of a pause reason releases it; a scope matches the
# page pushed in the other spelling, each keeping its own. (Enqueueing the id's other
# spelling gets -32002, whose data.id is the request's spelling: Values, "an error's
# data.id names what the request asked for"; layer.add/duplicate-id-other-spelling.io.)
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"alert.defineType","params":{"type":"T\u00e9","priority":3}}
<< {"jsonrpc":"2.0","id":1,"result":{"type":"T\u00e9","priority":3,"scope":null,"durationMs":null,"ttlMs":null,"queue":null,"persist":null,"limit":null,"cooldownMs":null,"onLimit":null}}
>> {"jsonrpc":"2.0","id":2,"method":"alert.enqueue","params":{"type":"Te\u0301","id":"\u00e9","queue":"q\u00e9","key":"k\u00e9"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"\u00e9","queue":"q\u00e9","type":"Te\u0301","priority":3,"state":"showing","scope":null,"key":"k\u00e9","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":2,"result":{"alert":{"id":"\u00e9","queue":"q\u00e9","type":"Te\u0301","priority":3,"state":"showing","scope":null,"key":"k\u00e9","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":3,"method":"alert.get","params":{"id":"e\u0301"}}
<< {"jsonrpc":"2.0","id":3,"result":{"id":"\u00e9","queue":"q\u00e9","type":"Te\u0301","priority":3,"state":"showing","scope":null,"key":"k\u00e9","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","queue":"qe\u0301","key":"ke\u0301","priority":5}}
<< {"jsonrpc":"2.0","method":"alert.update","params":{"alert":{"id":"\u00e9","queue":"q\u00e9","type":"Te\u0301","priority":5,"state":"showing","scope":null,"key":"k\u00e9","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"\u00e9","queue":"q\u00e9","type":"Te\u0301","priority":5,"state":"showing","scope":null,"key":"k\u00e9","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"replaced"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.list","params":{"queue":"qe\u0301"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alerts":[{"id":"\u00e9","queue":"q\u00e9","type":"Te\u0301","priority":5,"state":"showing","scope":null,"key":"k\u00e9","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false}]}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.pause","params":{"queue":"qe\u0301","reason":"r\u00e9"}}
<< {"jsonrpc":"2.0","id":6,"result":{"paused":true,"reasons":["r\u00e9"]}}
>> {"jsonrpc":"2.0","id":7,"method":"alert.pause","params":{"queue":"q\u00e9","reason":"re\u0301"}}
<< {"jsonrpc":"2.0","id":7,"result":{"paused":true,"reasons":["r\u00e9"]}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.resume","params":{"queue":"q\u00e9","reason":"re\u0301"}}
<< {"jsonrpc":"2.0","id":8,"result":{"paused":false,"reasons":[]}}
>> {"jsonrpc":"2.0","id":9,"method":"alert.complete","params":{"id":"e\u0301"}}
<< {"jsonrpc":"2.0","method":"alert.idle","params":{"queue":"q\u00e9","at":0}}
<< {"jsonrpc":"2.0","id":9,"result":{"id":"\u00e9","queue":"q\u00e9","type":"Te\u0301","priority":5,"state":"done","scope":null,"key":"k\u00e9","data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":0,"endReason":"completed","shownCount":1,"mount":null,"persist":false}}
>> {"jsonrpc":"2.0","id":10,"method":"alert.enqueue","params":{"type":"t","id":"p","scope":"s\u00e9"}}
<< {"jsonrpc":"2.0","id":10,"result":{"alert":{"id":"p","queue":"default","type":"t","priority":0,"state":"pending","scope":"s\u00e9","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":11,"method":"nav.push","params":{"scope":"se\u0301"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"p","queue":"default","type":"t","priority":0,"state":"showing","scope":"s\u00e9","key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":11,"result":{"stack":["se\u0301"],"active":"se\u0301"}}

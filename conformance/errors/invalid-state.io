# -32003 Invalid state, with a reason: cycle (a layer under itself or a descendant),
# not_showing (complete of an alert neither showing nor suspended, with its state),
# empty_stack (nav.pop), timers_exist (choosing the clock once a timer is set).
# shut_down and system_clock have their own transcripts (shutdown/, clock.advance/).
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"layer.add","params":{"id":"b","parent":"a"}}
<< {"jsonrpc":"2.0","id":2,"result":{"id":"b","parent":"a","sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":3,"method":"layer.move","params":{"id":"a","parent":"b"}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32003,"message":"$any:string","data":{"reason":"cycle"}}}
>> {"jsonrpc":"2.0","id":4,"method":"alert.enqueue","params":{"type":"t","id":"s"}}
<< {"jsonrpc":"2.0","method":"alert.show","params":{"alert":{"id":"s","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"resumed":false,"at":0}}
<< {"jsonrpc":"2.0","id":4,"result":{"alert":{"id":"s","queue":"default","type":"t","priority":0,"state":"showing","scope":null,"key":null,"data":null,"result":null,"seq":1,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":0,"endedAt":null,"endReason":null,"shownCount":1,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":5,"method":"alert.enqueue","params":{"type":"t","id":"p"}}
<< {"jsonrpc":"2.0","id":5,"result":{"alert":{"id":"p","queue":"default","type":"t","priority":0,"state":"pending","scope":null,"key":null,"data":null,"result":null,"seq":2,"createdAt":0,"readyAt":null,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":6,"method":"alert.complete","params":{"id":"p"}}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32003,"message":"$any:string","data":{"reason":"not_showing","state":"pending"}}}
>> {"jsonrpc":"2.0","id":7,"method":"nav.pop"}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32003,"message":"$any:string","data":{"reason":"empty_stack"}}}
>> {"jsonrpc":"2.0","id":8,"method":"alert.enqueue","params":{"type":"t","id":"timer","delayMs":10}}
<< {"jsonrpc":"2.0","id":8,"result":{"alert":{"id":"timer","queue":"default","type":"t","priority":0,"state":"scheduled","scope":null,"key":null,"data":null,"result":null,"seq":3,"createdAt":0,"readyAt":10,"expiresAt":null,"durationMs":null,"shownAt":null,"endedAt":null,"endReason":null,"shownCount":0,"mount":null,"persist":false},"disposition":"queued"}}
>> {"jsonrpc":"2.0","id":9,"method":"initialize","params":{"clock":"system"}}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32003,"message":"$any:string","data":{"reason":"timers_exist"}}}

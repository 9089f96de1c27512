# After shutdown every request but exit gets -32003 (reason shut_down); notifications are
# not answered; exit then ends the process with status 0.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"layer.add","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":1,"result":{"id":"a","parent":null,"sort":0,"index":0,"hidden":false,"interactive":true,"clips":false,"childCount":0}}
>> {"jsonrpc":"2.0","id":2,"method":"shutdown"}
<< {"jsonrpc":"2.0","id":2,"result":null}
>> {"jsonrpc":"2.0","id":3,"method":"layer.get","params":{"id":"a"}}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32003,"message":"$any:string","data":{"reason":"shut_down"}}}
>> {"jsonrpc":"2.0","id":4,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32003,"message":"$any:string","data":{"reason":"shut_down"}}}
>> {"jsonrpc":"2.0","id":5,"method":"shutdown"}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32003,"message":"$any:string","data":{"reason":"shut_down"}}}
>> {"jsonrpc":"2.0","method":"layer.add","params":{"id":"b"}}
>> {"jsonrpc":"2.0","id":6,"method":"nope"}
<< {"jsonrpc":"2.0","id":6,"error":{"code":-32003,"message":"$any:string","data":{"reason":"shut_down"}}}
>> {"jsonrpc":"2.0","method":"exit"}

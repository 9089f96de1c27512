# -32600 Invalid Request: JSON that is not a request (a scalar, no jsonrpc or one not exactly
# "2.0" (a number, "2.1", "2.", "2.00", ""), a
# missing or non-string method, params neither object nor array, an id of a wrong type),
# with the id echoed where it could be read, else null; and a message longer than
# --max-message-bytes (reason too_large, with the limit), whose bytes are skipped before
# the next message is read normally: its id is echoed wherever it stands in the top-level
# object (read as the bytes went by; after the params too), else null (a notification too:
# it is refused for its size before anything tells what it is).
## args: --clock manual --max-message-bytes 200
>> 42
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"not_an_object"}}}
>> "engine.ping"
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"not_an_object"}}}
>> null
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"not_an_object"}}}
>> {"id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_jsonrpc"}}}
>> {"jsonrpc":"2.0","id":2}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"$any:string","data":{"reason":"missing_method"}}}
>> {"jsonrpc":2.0,"id":3,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_jsonrpc"}}}
>> {"jsonrpc":"2.1","id":10,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":10,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_jsonrpc"}}}
>> {"jsonrpc":"2.","id":11,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":11,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_jsonrpc"}}}
>> {"jsonrpc":"2.00","id":12,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":12,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_jsonrpc"}}}
>> {"jsonrpc":"","id":13,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":13,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_jsonrpc"}}}
>> {"jsonrpc":"2.0","id":4,"method":["engine.ping"]}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_method"}}}
>> {"jsonrpc":"2.0","id":5,"method":"engine.ping","params":7}
<< {"jsonrpc":"2.0","id":5,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_params"}}}
>> {"jsonrpc":"2.0","id":{"n":6},"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_id"}}}
>> {"jsonrpc":"2.0","id":7,"method":"layer.add","params":{"id":"big","data":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}
<< {"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"$any:string","data":{"reason":"too_large","limit":200}}}
>> {"jsonrpc":"2.0","method":"layer.add","params":{"id":"big","data":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},"id":9}
<< {"jsonrpc":"2.0","id":9,"error":{"code":-32600,"message":"$any:string","data":{"reason":"too_large","limit":200}}}
>> {"jsonrpc":"2.0","method":"layer.add","params":{"id":"big","data":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"too_large","limit":200}}}
>> {"jsonrpc":"2.0","id":8,"method":"layer.get","params":{"id":"big"}}
<< {"jsonrpc":"2.0","id":8,"error":{"code":-32001,"message":"$any:string","data":{"kind":"layer","id":"big"}}}
# JSON-RPC 2.0's own example of an invalid Request, which has no id: answered (what is not a
# valid Request is no notification either), with id null.
>> {"jsonrpc": "2.0", "method": 1, "params": "bar"}
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_method"}}}

# The id is echoed as received: strings (also empty), numbers (negative, large,
# fractional) and null (a request answered with id null). Other id types are -32600
# with id null.
## args: --clock manual
>> {"jsonrpc":"2.0","id":"abc-1","method":"engine.ping"}
<< {"jsonrpc":"2.0","id":"abc-1","result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":"","method":"engine.ping"}
<< {"jsonrpc":"2.0","id":"","result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":"日本","method":"engine.ping"}
<< {"jsonrpc":"2.0","id":"日本","result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":0,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":0,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":-42,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":-42,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":9007199254740991,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":9007199254740991,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":2.5,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":2.5,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":null,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":null,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":null,"method":"no.such"}
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"$any:string","data":{"method":"no.such"}}}
>> {"jsonrpc":"2.0","id":true,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_id"}}}
>> {"jsonrpc":"2.0","id":[1],"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_id"}}}
>> {"id":"kept","method":"engine.ping"}
<< {"jsonrpc":"2.0","id":"kept","error":{"code":-32600,"message":"$any:string","data":{"reason":"invalid_jsonrpc"}}}

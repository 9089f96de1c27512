# engine.ping answers pong with the engine clock's time.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"engine.ping"}
<< {"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
>> {"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":25}}
<< {"jsonrpc":"2.0","id":2,"result":{"now":25}}
>> {"jsonrpc":"2.0","id":3,"method":"engine.ping","params":{}}
<< {"jsonrpc":"2.0","id":3,"result":{"pong":true,"at":25}}

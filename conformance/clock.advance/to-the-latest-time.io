# The manual clock may reach 2^53-1, the latest time a result holds, and no further: from
# 1, an advance of 2^53-2 lands exactly on it; one more millisecond past it is -32602 at
# /ms and leaves the clock where it was; 0 is still accepted there.
## args: --clock manual
>> {"jsonrpc":"2.0","id":1,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","id":1,"result":{"now":1}}
>> {"jsonrpc":"2.0","id":2,"method":"clock.advance","params":{"ms":9007199254740991}}
<< {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"$any:string","data":{"path":"/ms","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":3,"method":"clock.advance","params":{"ms":9007199254740990}}
<< {"jsonrpc":"2.0","id":3,"result":{"now":9007199254740991}}
>> {"jsonrpc":"2.0","id":4,"method":"clock.advance","params":{"ms":1}}
<< {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"$any:string","data":{"path":"/ms","expected":"$any:string"}}}
>> {"jsonrpc":"2.0","id":5,"method":"clock.advance","params":{"ms":0}}
<< {"jsonrpc":"2.0","id":5,"result":{"now":9007199254740991}}
>> {"jsonrpc":"2.0","id":6,"method":"clock.now"}
<< {"jsonrpc":"2.0","id":6,"result":{"now":9007199254740991,"mode":"manual"}}

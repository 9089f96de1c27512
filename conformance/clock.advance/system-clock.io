# clock.advance on the system clock: -32003.
>> {"jsonrpc":"2.0","id":1,"method":"clock.advance","params":{"ms":10}}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32003,"message":"$any:string","data":{"reason":"system_clock","state":"system"}}}

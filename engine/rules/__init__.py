"""The Comprehensive Rules, one module per topic; each cites its CR numbers."""

"""One module per ability word, keyword action and set mechanic (issue #9). Each builds
card-layer abilities (engine/cards/layer/) from the shared vocabulary, so a mechanic is
written once for every card that has it."""

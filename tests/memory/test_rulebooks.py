

def test_a_system_is_named_by_its_name_or_its_rulebook_stem():
    from narrator.memory.rulebooks import book_systems, system_key

    for book, name in book_systems().items():
        assert system_key(name) == name
        assert system_key(book.removesuffix(".md")) == name
    assert system_key(None) is None and system_key("no-such-book") == "no-such-book"

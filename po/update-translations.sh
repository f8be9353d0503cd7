#!/usr/bin/env bash
# Regenerates po/quire.pot from every marked string (localized(…) and
# localizedPlural(…) in Swift, translatable="yes" in UI files, the desktop file
# and the metainfo) and merges it into each translation in po/LINGUAS.
# Run it after changing user-visible text, then translate what msgmerge marks.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

header=(--package-name=quire --package-version=0.1.0 --msgid-bugs-address=https://github.com/quire/quire/issues
        --from-code=UTF-8 --add-comments=Translators: --sort-by-file)
# xgettext has no Swift parser; Swift's string literals and calls read as C's.
mapfile -t swift_files < <(git grep -l -E 'localized(Plural)?\(' -- 'Sources/*.swift')
xgettext "${header[@]}" --language=C --keyword= --keyword=localized --keyword=localizedPlural:1,2 \
    --output=po/quire.pot "${swift_files[@]}"
# A fresh template says "charset=CHARSET"; joining needs to know it is UTF-8.
sed -i 's/charset=CHARSET/charset=UTF-8/' po/quire.pot
xgettext "${header[@]}" --join-existing --output=po/quire.pot \
    Resources/shortcuts.ui data/io.github.quire.Quire.desktop.in data/io.github.quire.Quire.metainfo.xml.in
for language in $(cat po/LINGUAS); do
    [ -f "po/$language.po" ] || msginit --no-translator --locale="$language.UTF-8" --input=po/quire.pot --output-file="po/$language.po"
    msgmerge --quiet --update --backup=none --no-fuzzy-matching "po/$language.po" po/quire.pot
done

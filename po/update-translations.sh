#!/usr/bin/env bash
# Regenerates po/quire.pot from every marked string (localized(…) and
# localizedPlural(…) in Swift, translatable="yes" in UI files, the desktop file
# and the metainfo) and merges it into each translation in po/LINGUAS.
# Run it after changing user-visible text, then translate what msgmerge marks.
#
# With --check it changes nothing: it merges into copies and fails, naming
# them, if any language leaves a message untranslated or fuzzy (the tests run it).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

check=false
[ "${1:-}" = "--check" ] && check=true
out=po
if $check; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi

header=(--package-name=quire --package-version=0.1.0 --msgid-bugs-address=https://github.com/quire/quire/issues
        --from-code=UTF-8 --add-comments=Translators: --sort-by-file)
# xgettext has no Swift parser; Swift's string literals and calls read as C's.
mapfile -t swift_files < <(git grep -l -E 'localized(Plural)?\(' -- 'Sources/*.swift')
xgettext "${header[@]}" --language=C --keyword= --keyword=localized --keyword=localizedPlural:1,2 \
    --output="$out/quire.pot" "${swift_files[@]}"
# A fresh template says "charset=CHARSET"; joining needs to know it is UTF-8.
sed -i 's/charset=CHARSET/charset=UTF-8/' "$out/quire.pot"
xgettext "${header[@]}" --join-existing --output="$out/quire.pot" \
    Resources/shortcuts.ui data/io.github.quire.Quire.desktop.in data/io.github.quire.Quire.metainfo.xml.in
status=0
for language in $(cat po/LINGUAS); do
    if $check; then
        cp "po/$language.po" "$out/$language.po"
    elif [ ! -f "po/$language.po" ]; then
        msginit --no-translator --locale="$language.UTF-8" --input=po/quire.pot --output-file="po/$language.po"
    fi
    msgmerge --quiet --update --backup=none --no-fuzzy-matching "$out/$language.po" "$out/quire.pot"
    if $check; then
        statistics=$(msgfmt --statistics -o /dev/null "$out/$language.po" 2>&1)
        case "$statistics" in
            *untranslated* | *fuzzy*)
                echo "po/$language.po: $statistics" >&2
                msgattrib --untranslated --no-obsolete --no-wrap "$out/$language.po" | grep '^msgid ' | tail -n +2 >&2
                status=1 ;;
        esac
    fi
done
exit $status

#!/usr/bin/env bash
# Regenerates the translation templates from every marked string and merges
# them into each translation in the domain's LINGUAS. Three domains:
# - quire (po/): localized(…) and localizedPlural(…) in the app's Swift code,
#   translatable="yes" in UI files, the desktop file and the metainfo;
# - scenes (Sources/Scenes/po/): the scene framework's own text,
#   FrameworkText.localized(…), so the framework carries its translations;
# - the user help (help/): every paragraph of help/C/*.page, read by itstool,
#   into help/<lang>/<lang>.po, the layout Meson's gnome.yelp builds from.
# Run it after changing user-visible text, then translate what msgmerge marks.
#
# With --check it changes nothing: it merges into copies and fails, naming
# them, if any language leaves a message untranslated or fuzzy (the tests run it).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

check=false
[ "${1:-}" = "--check" ] && check=true
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# What every template says of itself, and how xgettext reads the sources.
template=(--package-version=0.1.0 --msgid-bugs-address=https://github.com/quire/quire/issues
          --from-code=UTF-8 --add-comments=Translators: --sort-by-file)

# xgettext has no Swift parser; Swift's string literals and calls read as C's.
extract() {  # domain output keywords… -- files…
    local domain=$1 output=$2; shift 2
    local keywords=()
    while [ "$1" != "--" ]; do keywords+=("--keyword=$1"); shift; done
    shift
    xgettext --package-name="$domain" "${template[@]}" \
        --language=C --keyword= "${keywords[@]}" --output="$output" "$@"
    # A fresh template says "charset=CHARSET"; joining and merging need to know it is UTF-8.
    sed -i 's/charset=CHARSET/charset=UTF-8/' "$output"
}

merge() {  # domain folder [per-language]: merges folder/domain.pot into each language of
           # folder/LINGUAS, folder/<lang>.po (or folder/<lang>/<lang>.po given "per-language")
    local domain=$1 folder=$2 layout=${3:-} status=0 out=$2 po
    if $check; then
        out="$scratch/$domain"
        mkdir -p "$out"
        cp "$scratch/$domain.pot" "$out/$domain.pot"
    else
        cp "$scratch/$domain.pot" "$folder/$domain.pot"
    fi
    for language in $(cat "$folder/LINGUAS"); do
        po="$language.po"
        [ -n "$layout" ] && po="$language/$language.po"
        if $check; then
            mkdir -p "$(dirname "$out/$po")"
            cp "$folder/$po" "$out/$po"
        elif [ ! -f "$folder/$po" ]; then
            mkdir -p "$(dirname "$folder/$po")"
            msginit --no-translator --locale="$language.UTF-8" --input="$out/$domain.pot" --output-file="$folder/$po"
        fi
        msgmerge --quiet --update --backup=none --no-fuzzy-matching "$out/$po" "$out/$domain.pot"
        # Messages no longer in the code (or moved to the other domain) go.
        msgattrib --no-obsolete --output-file="$out/$po" "$out/$po"
        if $check; then
            statistics=$(msgfmt --statistics -o /dev/null "$out/$po" 2>&1)
            case "$statistics" in
                *untranslated* | *fuzzy*)
                    echo "$folder/$po: $statistics" >&2
                    msgattrib --untranslated --no-obsolete --no-wrap "$out/$po" | grep '^msgid ' | tail -n +2 >&2
                    status=1 ;;
            esac
        fi
    done
    return $status
}

mapfile -t app_files < <(git grep -l -E 'localized(Plural)?\(' -- 'Sources/*.swift' ':!Sources/Scenes')
extract quire "$scratch/quire.pot" localized localizedPlural:1,2 -- "${app_files[@]}"
xgettext --package-name=quire "${template[@]}" --join-existing --output="$scratch/quire.pot" \
    Resources/shortcuts.ui data/io.github.quire.Quire.desktop.in data/io.github.quire.Quire.metainfo.xml.in
mapfile -t framework_files < <(git grep -l 'FrameworkText.localized(' -- 'Sources/Scenes/*.swift')
extract scenes "$scratch/scenes.pot" localized -- "${framework_files[@]}"
(cd help/C && itstool -o "$scratch/quire-help.pot" *.page)

status=0
merge quire po || status=1
merge scenes Sources/Scenes/po || status=1
merge quire-help help per-language || status=1
exit $status

# Installing libingot, its headers and the CLI, with a CMake package so consumers can
#   find_package(ingot) and target_link_libraries(app PRIVATE ingot::ingot).
# Two components: `consumer` (the default: the libraries, the consumer headers, the CMake package and the
# pack; what an engine ships with) and `tooling` (the tooling headers, include/ingot/tooling/, and the CLI).
#   cmake --install build --component consumer   # an engine's install
#   cmake --install build                        # both
# libingot is static (the build's default): one file to ship next to an engine, no rpath games.
# A static library's own dependencies travel with it: every static library it links is installed
# into the same export set, and ingotConfig.cmake finds the system ones (find_dependency).
include(CMakePackageConfigHelpers)

set(INGOT_CMAKE_INSTALL_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/ingot")

# Every library target libingot links, transitively (resolving aliases, skipping imported targets
# and $<BUILD_INTERFACE:...> items): a static library's link interface names them, so they must be
# installed and exported with it.
function(ingot_collect_link_closure target out_var)
  set(seen ${${out_var}})
  foreach(property LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
    get_target_property(items ${target} ${property})
    if(NOT items)
      continue()
    endif()
    foreach(item IN LISTS items)
      if(item MATCHES "^\\$<BUILD_INTERFACE:")
        continue()
      endif()
      string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" item "${item}")
      if(NOT TARGET "${item}")
        continue()
      endif()
      get_target_property(aliased ${item} ALIASED_TARGET)
      if(aliased)
        set(item ${aliased})
      endif()
      get_target_property(imported ${item} IMPORTED)
      if(imported OR item IN_LIST seen)
        continue()
      endif()
      list(APPEND seen ${item})
      ingot_collect_link_closure(${item} seen)
    endforeach()
  endforeach()
  set(${out_var} ${seen} PARENT_SCOPE)
endfunction()

# Include directories given as plain source-tree paths only make sense in the build tree; say so,
# so the export does not point consumers into our source tree. (The rooms' own targets should
# write $<BUILD_INTERFACE:...> themselves; this keeps the install working until they all do.)
function(ingot_build_tree_only_includes target)
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  if(NOT dirs)
    return()
  endif()
  set(fixed "")
  foreach(dir IN LISTS dirs)
    if(dir MATCHES "^\\$<")
      list(APPEND fixed "${dir}")
    else()
      list(APPEND fixed "$<BUILD_INTERFACE:${dir}>")
    endif()
  endforeach()
  set_property(TARGET ${target} PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${fixed}")
endfunction()

set(ingot_export_libraries ingot)
ingot_collect_link_closure(ingot ingot_export_libraries)
foreach(lib IN LISTS ingot_export_libraries)
  if(NOT lib STREQUAL "ingot")
    ingot_build_tree_only_includes(${lib})
  endif()
endforeach()

install(TARGETS ${ingot_export_libraries}
  EXPORT ingotTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT consumer
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT consumer
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The CLI is not exported: the package is for linking libingot, and a consumer-only install has no CLI.
install(TARGETS ingot_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tooling)
foreach(header IN LISTS INGOT_CONSUMER_HEADERS)
  cmake_path(GET header PARENT_PATH header_dir)
  install(FILES "${CMAKE_SOURCE_DIR}/include/ingot/${header}"
    DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/ingot/${header_dir}" COMPONENT consumer)
endforeach()
install(DIRECTORY "${CMAKE_SOURCE_DIR}/include/ingot/tooling" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ingot
  COMPONENT tooling FILES_MATCHING PATTERN "*.h")
install(EXPORT ingotTargets NAMESPACE ingot:: DESTINATION ${INGOT_CMAKE_INSTALL_DIR} COMPONENT consumer)

configure_package_config_file("${CMAKE_SOURCE_DIR}/cmake/ingotConfig.cmake.in"
  "${CMAKE_BINARY_DIR}/cmake/ingotConfig.cmake"
  INSTALL_DESTINATION ${INGOT_CMAKE_INSTALL_DIR})
# 0.x: a minor version may break the API, so only the same minor version is compatible.
write_basic_package_version_file("${CMAKE_BINARY_DIR}/cmake/ingotConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/cmake/ingotConfig.cmake" "${CMAKE_BINARY_DIR}/cmake/ingotConfigVersion.cmake"
  DESTINATION ${INGOT_CMAKE_INSTALL_DIR} COMPONENT consumer)

# The installed copy carries no debug info (the build tree keeps it for debugging): the installed
# static libraries lose their debug sections and the CLI all symbols it does not need, which makes
# the install a fraction of the size. A Debug build installs as built.
if(CMAKE_STRIP)
  set(ingot_installed_archives "")
  foreach(lib IN LISTS ingot_export_libraries)
    get_target_property(type ${lib} TYPE)
    if(NOT type STREQUAL "STATIC_LIBRARY")
      continue()
    endif()
    string(APPEND ingot_installed_archives
      " \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:${lib}>\"")
  endforeach()
  install(CODE "
    if(NOT CMAKE_INSTALL_CONFIG_NAME STREQUAL \"Debug\")
      foreach(archive ${ingot_installed_archives})
        execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-debug \"\${archive}\" COMMAND_ERROR_IS_FATAL ANY)
      endforeach()
    endif()" COMPONENT consumer)
  install(CODE "
    if(NOT CMAKE_INSTALL_CONFIG_NAME STREQUAL \"Debug\")
      execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-unneeded
        \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/$<TARGET_FILE_NAME:ingot_cli>\"
        COMMAND_ERROR_IS_FATAL ANY)
    endif()" COMPONENT tooling)
endif()
